import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import config from '#config/realtime'
import { broadcast } from '#services/broadcast'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import type User from '#models/user'
import {
  type Pusher,
  connected,
  nextEvent,
  pusherClient,
  sessionAuthorizer,
  sleep,
  subscription,
  testServer,
} from './_support.js'

/**
 * A browser that is signed out (logout, "sign out other devices") must stop
 * receiving private events at once, not when its socket happens to drop:
 * the sockets a session authorised are closed and their resubscription is
 * refused because the session is gone. Other sessions keep their sockets.
 */
const server = () => testServer(config.key)

async function signedIn(user: User) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  const response = await jar.signIn(user.email, TEST_PASSWORD)
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  return jar
}

/** Resolves when the client's connection leaves 'connected' (the server closed it). */
function dropped(client: Pusher, timeout = 10_000) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeout)
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current !== 'connected') {
        clearTimeout(timer)
        resolve(true)
      }
    })
  })
}

/** Resolves with true when the channel's (re)subscription is refused. */
function refusedAgain(client: Pusher, channel: string, timeout = 10_000) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeout)
    client.channel(channel).bind('pusher:subscription_error', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

test.group('Realtime / signed-out sessions lose their sockets', (group) => {
  const clients: Pusher[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    for (const open of clients.splice(0)) open.disconnect()
  })

  async function subscribed(jar: CookieJar, channel: string) {
    const client = pusherClient(server(), sessionAuthorizer(jar))
    clients.push(client)
    await connected(client)
    const result = await subscription(client, channel)
    if (!result.ok) throw new Error(`subscription refused: ${JSON.stringify(result.data)}`)
    return client
  }

  test('logging out closes that session’s socket for good; other sessions keep theirs', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const channel = `private-App.Models.User.${user.id}`
    const leaving = await signedIn(user)
    const staying = await signedIn(user)
    const leavingClient = await subscribed(leaving, channel)
    const stayingClient = await subscribed(staying, channel)

    const closed = dropped(leavingClient)
    let stayingDropped = false
    stayingClient.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current !== 'connected') stayingDropped = true
    })
    const logout = await leaving.post('/logout')
    assert.equal(logout.status, 302)

    assert.isTrue(await closed, 'the signed-out socket stayed open')
    // 4009: the client does not come back on its own.
    await sleep(1500)
    assert.notEqual(leavingClient.connection.state, 'connected')

    // The other session keeps its subscription and still receives events; the
    // signed-out client gets nothing.
    let leaked = false
    leavingClient.channel(channel)?.bind('App\\Events\\AfterLogout', () => (leaked = true))
    const received = nextEvent(stayingClient, channel, 'App\\Events\\AfterLogout')
    await broadcast(channel, 'AfterLogout', { canary: 'after-logout' })
    assert.deepEqual(await received, { canary: 'after-logout' })
    await sleep(200)
    assert.isFalse(leaked)
    assert.isFalse(stayingDropped, 'another session’s socket was closed')
  })

  test('"sign out other devices" closes the other sessions’ sockets and keeps this one', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const channel = `private-App.Models.User.${user.id}`
    const other = await signedIn(user)
    const current = await signedIn(user)
    const otherClient = await subscribed(other, channel)
    const currentClient = await subscribed(current, channel)

    const closed = dropped(otherClient)
    const refused = refusedAgain(otherClient, channel)
    let currentDropped = false
    currentClient.connection.bind('state_change', ({ current: state }: { current: string }) => {
      if (state !== 'connected') currentDropped = true
    })
    await current.visit('/profile')
    const response = await current.post('/profile/sessions/others', {
      current_password: TEST_PASSWORD,
    })
    assert.equal(response.status, 302)
    assert.equal(response.location, '/profile')

    assert.isTrue(await closed, 'the revoked device’s socket stayed open')
    assert.isTrue(await refused, 'the revoked device resubscribed to its private channel')
    const received = nextEvent(currentClient, channel, 'App\\Events\\StillHere')
    await broadcast(channel, 'StillHere', { ok: true })
    assert.deepEqual(await received, { ok: true })
    assert.isFalse(currentDropped, 'the device that asked lost its socket')
  })
})
