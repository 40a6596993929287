import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { realtime } from '#services/realtime/main'
import { broadcast } from '#services/broadcast'
import config from '#config/realtime'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

// These run inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const window: any
declare const document: any

/**
 * The browser side of realtime (PRODUCT §10): window.Echo (laravel-echo +
 * pusher-js, broadcaster reverb) connects to the app's own port once signed
 * in, authorises its own private channel through /broadcasting/auth,
 * receives events in the App.Events namespace, sends X-Socket-ID with
 * Inertia requests, and shows a quiet "Reconnecting…" / "Offline" note
 * while the connection is down, gone once it is back (resubscribed).
 */
test.group('Browser / realtime connection', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Echo connects when signed in, receives events, and recovers from drops', async ({
    visit,
    browserContext,
    assert,
  }) => {
    // Guests get no websocket at all.
    const guestPage = await visit('/')
    await guestPage.getByRole('heading', { level: 1 }).waitFor()
    assert.isUndefined(await guestPage.evaluate(() => window.Echo))
    await guestPage.close()

    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    let blocked = false
    const sockets: string[] = []
    const page = await browserContext.newPage()
    await page.routeWebSocket(/\/app\//, (ws) => {
      sockets.push(ws.url())
      if (blocked) ws.close({ code: 1006 as any, reason: 'blocked by the test' })
      else ws.connectToServer()
    })
    const errors = watchPageErrors(page)
    await page.goto('/')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()

    // The page shares key, host, port and scheme only.
    const shared = await page.evaluate(
      () => document.getElementById('huddle-realtime')?.textContent ?? ''
    )
    assert.notInclude(shared, config.secret)
    assert.deepEqual(Object.keys(JSON.parse(shared)).sort(), ['host', 'key', 'port', 'scheme'])

    // Connected on the app's own port; the own private channel through /broadcasting/auth.
    await page.waitForFunction(() => window.Echo?.connector.pusher.connection.state === 'connected')
    assert.match(sockets[0], new RegExp(`^ws://[^/]+:${process.env.PORT}/app/${config.key}\\?`))
    await page.evaluate((id) => {
      window.__received = []
      window.Echo.private(`App.Models.User.${id}`).listen('Hello', (data: unknown) =>
        window.__received.push(data)
      )
    }, user.id)
    await page.waitForFunction(
      (id) =>
        window.Echo.connector.channels[`private-App.Models.User.${id}`]?.subscription?.subscribed,
      user.id
    )
    await broadcast(`private-App.Models.User.${user.id}`, 'Hello', { text: 'live' })
    await page.waitForFunction(() => window.__received.length === 1)
    assert.deepEqual(await page.evaluate(() => window.__received[0]), { text: 'live' })

    // Inertia requests carry the socket id (so the sender can be left out).
    const socketId = await page.evaluate(() => window.Echo.socketId())
    const visitRequest = page.waitForRequest((request) => request.headers()['x-inertia'] === 'true')
    await page.getByRole('link', { name: 'Home' }).first().click()
    const request = await visitRequest
    assert.equal(request.headers()['x-socket-id'], socketId)

    // The server drops the connection and refuses new ones: "Reconnecting…".
    blocked = true
    for (const connection of realtime.hub!.connections.values()) connection.ws.terminate()
    const note = page.getByRole('status').filter({ hasText: 'Reconnecting…' })
    await note.waitFor()
    await screenshot(page, 'realtime-reconnecting')

    // Back: connected again, the note gone, the channel resubscribed on its own.
    blocked = false
    await page.waitForFunction(
      () => window.Echo.connector.pusher.connection.state === 'connected',
      undefined,
      { timeout: 30_000 }
    )
    await note.waitFor({ state: 'detached' })
    await page.waitForFunction(
      (id) =>
        window.Echo.connector.channels[`private-App.Models.User.${id}`]?.subscription?.subscribed,
      user.id
    )
    await broadcast(`private-App.Models.User.${user.id}`, 'Hello', { text: 'again' })
    await page.waitForFunction(() => window.__received.length === 2)

    // The browser goes offline: "Offline", then back.
    await browserContext.setOffline(true)
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor()
    await browserContext.setOffline(false)
    await page.waitForFunction(
      () => window.Echo.connector.pusher.connection.state === 'connected',
      undefined,
      { timeout: 30_000 }
    )
    assert.deepEqual(errors, [])
  }).timeout(120_000)
})
