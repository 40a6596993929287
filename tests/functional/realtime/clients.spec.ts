import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import config from '#config/realtime'
import { broadcast } from '#services/broadcast'
import { PusherTransport } from '#services/realtime/transports'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar, testServerUrl } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import Post from '#models/post'
import type User from '#models/user'
import {
  type Pusher,
  RawSocket,
  connected,
  joins,
  loadEcho,
  loadPusherSdk,
  nextEvent,
  pusherClient,
  sessionAuthorizer,
  sleep,
  subscription,
  testServer,
} from './_support.js'

/**
 * Issue 4 §5 conformance: the real clients nobody here wrote — pusher-js
 * (Node build), laravel-echo and the official `pusher` server SDK —
 * against the app's own realtime server on the test port, authorised
 * through /broadcasting/auth with a signed-in session.
 */
const server = () => testServer(config.key)

/** The auth endpoint's status behind a refused subscription (pusher-js reports it in the error). */
function refusal(result: { ok: boolean; data: any }) {
  if (result.ok) return 200
  const match = String(result.data?.error ?? '').match(/answered (\d+)/)
  return match ? Number(match[1]) : result.data?.status
}

async function signedIn(user: User) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  const response = await jar.signIn(user.email, TEST_PASSWORD)
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  return jar
}

function sdk() {
  const PusherSdk = loadPusherSdk()
  return new PusherSdk({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    host: server().host,
    port: String(server().port),
    useTLS: false,
  })
}

test.group('Realtime / real clients', (group) => {
  const clients: Pusher[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    for (const open of clients.splice(0)) open.disconnect()
  })

  async function client(jar: CookieJar | null) {
    const instance = pusherClient(server(), sessionAuthorizer(jar))
    clients.push(instance)
    await connected(instance)
    return instance
  }

  test('pusher-js joins its own private channel and receives broadcast()', async ({ assert }) => {
    const user = await UserFactory.create()
    const pusher = await client(await signedIn(user))
    const channel = `private-App.Models.User.${user.id}`
    const result = await subscription(pusher, channel)
    assert.isTrue(result.ok, JSON.stringify(result.data))

    const received = nextEvent(pusher, channel, 'App\\Events\\Ping')
    await broadcast(channel, 'Ping', { hello: 'world', n: 1 })
    assert.deepEqual(await received, { hello: 'world', n: 1 })
  })

  test('the official pusher SDK publishes through the HTTP events API', async ({ assert }) => {
    const user = await UserFactory.create()
    const pusher = await client(await signedIn(user))
    const channel = `private-App.Models.User.${user.id}`
    assert.isTrue(await joins(pusher, channel))

    const received = nextEvent(pusher, channel, 'App\\Events\\FromSdk')
    const response = await sdk().trigger(channel, 'App\\Events\\FromSdk', { via: 'sdk' })
    assert.equal(response.status, 200)
    assert.deepEqual(await received, { via: 'sdk' })

    // Batch events, and a publish that excludes the sender's socket.
    const batch = nextEvent(pusher, channel, 'batched')
    await sdk().triggerBatch([{ channel, name: 'batched', data: { i: 1 } }])
    assert.deepEqual(await batch, { i: 1 })

    let excluded = false
    pusher.channel(channel).bind('not-for-me', () => (excluded = true))
    await sdk().trigger(channel, 'not-for-me', {}, { socket_id: pusher.connection.socket_id })
    const after = nextEvent(pusher, channel, 'after')
    await sdk().trigger(channel, 'after', {})
    await after
    assert.isFalse(excluded, 'the socket named in socket_id got the event')

    // Server-to-server calls leave no session behind (no row, no cookie).
    const sessions = await db.from('sessions').count('* as total')
    await sdk().trigger(channel, 'ignored', {})
    const sessionsAfter = await db.from('sessions').count('* as total')
    assert.equal(Number(sessionsAfter[0].total), Number(sessions[0].total))

    // Channel queries.
    const info = await sdk().get({
      path: `/channels/${channel}`,
      params: { info: 'subscription_count' },
    })
    assert.deepEqual(await info.json(), { occupied: true, subscription_count: 1 })
  })

  test('BROADCAST_CONNECTION=pusher: the transport publishes to an engine over its HTTP API', async ({
    assert,
  }) => {
    // The embedded server stands in for Soketi / Reverb / Pusher here.
    const errors: unknown[] = []
    const transport = new PusherTransport(
      { ...config, host: server().host, port: server().port, scheme: 'http' },
      { error: (error) => errors.push(error) }
    )
    const user = await UserFactory.create()
    const jar = await signedIn(user)
    const sender = await client(jar)
    const receiver = await client(jar)
    const channel = `private-App.Models.User.${user.id}`
    assert.isTrue(await joins(sender, channel))
    assert.isTrue(await joins(receiver, channel))

    let echoed = false
    sender.channel(channel).bind('App\\Events\\External', () => (echoed = true))
    const received = nextEvent(receiver, channel, 'App\\Events\\External')
    await transport.publish(
      [channel],
      'App\\Events\\External',
      { via: 'engine' },
      {
        exceptSocketId: sender.connection.socket_id,
      }
    )
    assert.deepEqual(await received, { via: 'engine' })
    await sleep(100)
    assert.isFalse(echoed, 'the excluded socket got the event')
    // A malformed socket id from a browser header excludes nobody and does not fail.
    const again = nextEvent(sender, channel, 'App\\Events\\External')
    await transport.publish([channel], 'App\\Events\\External', { n: 2 }, { exceptSocketId: 'x<y' })
    assert.deepEqual(await again, { n: 2 })
    assert.deepEqual(errors, [])
  })

  test('pusher:signin through /broadcasting/user-auth: server-to-user events, terminate', async ({
    assert,
  }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const jar = await signedIn(ana)
    const pusher = pusherClient(server(), sessionAuthorizer(jar), {
      customHandler: sessionAuthorizer(jar, '/broadcasting/user-auth'),
    })
    clients.push(pusher)
    await connected(pusher)
    pusher.signin()
    await pusher.user.signinDonePromise
    assert.equal(pusher.user.user_data.id, String(ana.id))

    // The official SDK reaches the user (pusher-js subscribed #server-to-user-<id> itself).
    const toUser = new Promise((resolve) => pusher.user.bind('Greeting', resolve))
    const started = Date.now()
    let greeting: unknown = null
    while (!greeting && Date.now() - started < 5000) {
      await sdk().sendToUser(String(ana.id), 'Greeting', { hi: ana.username })
      greeting = await Promise.race([toUser, sleep(300).then(() => null)])
    }
    assert.deepEqual(greeting, { hi: ana.username })

    // Nobody else may take that channel (pusher-js would not even try: a raw socket, signed in as Ben).
    const benJar = await signedIn(ben)
    const raw = new RawSocket(server())
    const rawId = await raw.socketId
    const answer = await fetch(testServerUrl('/broadcasting/user-auth'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'cookie': [...benJar.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': decodeURIComponent(benJar.get('XSRF-TOKEN') ?? ''),
      },
      body: `socket_id=${rawId}`,
    })
    const benAuth = await answer.json()
    raw.send('pusher:signin', benAuth)
    await raw.waitFor((frame) => frame.event === 'pusher:signin_success')
    raw.send('pusher:subscribe', { channel: `#server-to-user-${ana.id}`, auth: '' })
    raw.send('pusher:subscribe', { channel: `#server-to-user-${ben.id}`, auth: '' })
    const refused = await raw.waitFor((frame) => frame.event === 'pusher:subscription_error')
    assert.equal(refused?.channel, `#server-to-user-${ana.id}`)
    const own = await raw.waitFor(
      (frame) => frame.event === 'pusher_internal:subscription_succeeded'
    )
    assert.equal(own?.channel, `#server-to-user-${ben.id}`)
    raw.close()

    // terminate_connections closes the user's sockets.
    const closed = new Promise<void>((resolve) =>
      pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') resolve()
      })
    )
    await sdk().terminateUserConnections(String(ana.id))
    await closed
    assert.notEqual(pusher.connection.state, 'connected')
  })

  test('broadcast() leaves out the socket given as exceptSocketId', async ({ assert }) => {
    const user = await UserFactory.create()
    const jar = await signedIn(user)
    const first = await client(jar)
    const second = await client(jar)
    const channel = `private-App.Models.User.${user.id}`
    assert.isTrue(await joins(first, channel))
    assert.isTrue(await joins(second, channel))

    let echoed = false
    first.channel(channel).bind('App\\Events\\Typed', () => (echoed = true))
    const other = nextEvent(second, channel, 'App\\Events\\Typed')
    await broadcast(channel, 'Typed', { x: 1 }, { exceptSocketId: first.connection.socket_id })
    assert.deepEqual(await other, { x: 1 })
    await sleep(100)
    assert.isFalse(echoed)
  })

  test('laravel-echo: private listen() and presence here/joining/leaving', async ({ assert }) => {
    const Echo = await loadEcho()
    const { Pusher: PusherJs } = await import('./_support.js')
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const anaJar = await signedIn(ana)
    const benJar = await signedIn(ben)
    const echoFor = (jar: CookieJar) => {
      const echo = new Echo({
        broadcaster: 'reverb',
        key: config.key,
        wsHost: server().host,
        wsPort: server().port,
        wssPort: server().port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        Pusher: PusherJs,
        withoutInterceptors: true,
        channelAuthorization: { customHandler: sessionAuthorizer(jar) },
      } as any)
      clients.push((echo.connector as any).pusher)
      return echo
    }
    const anaEcho = echoFor(anaJar)
    const benEcho = echoFor(benJar)

    // Private channel, short event name in the App.Events namespace.
    const message = new Promise((resolve) =>
      anaEcho.private(`App.Models.User.${ana.id}`).listen('MessageSent', resolve)
    )
    await new Promise<void>((resolve) =>
      anaEcho.private(`App.Models.User.${ana.id}`).subscribed(() => resolve())
    )
    await broadcast(`private-App.Models.User.${ana.id}`, 'MessageSent', { body: 'hi' })
    assert.deepEqual(await message, { body: 'hi' })

    // Presence: Ana is there first, Ben joins, then leaves.
    const here = await new Promise<any[]>((resolve) => anaEcho.join('online').here(resolve))
    assert.deepEqual(
      here.map((member) => member.id),
      [ana.id]
    )
    const joining = new Promise<any>((resolve) => anaEcho.join('online').joining(resolve))
    const benHere = await new Promise<any[]>((resolve) => benEcho.join('online').here(resolve))
    assert.sameMembers(
      benHere.map((member) => member.id),
      [ana.id, ben.id]
    )
    const joined = await joining
    assert.deepEqual(joined, {
      id: ben.id,
      name: ben.fullName,
      username: ben.username,
      avatarUrl: null,
    })
    // Presence data carries no e-mail addresses.
    assert.notInclude(JSON.stringify(benHere), '@')
    assert.notInclude(JSON.stringify(benHere), ana.email)

    const leaving = new Promise<any>((resolve) => anaEcho.join('online').leaving(resolve))
    benEcho.leave('online')
    const left = await leaving
    assert.equal(left.id, ben.id)
  })

  test('a forbidden channel is refused: 403 at the auth endpoint, no subscription', async ({
    assert,
  }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const pusher = await client(await signedIn(ana))
    const result = await subscription(pusher, `private-App.Models.User.${ben.id}`)
    assert.isFalse(result.ok)
    assert.equal(refusal(result), 403)

    // Guests get nothing either.
    const guest = await client(null)
    const refused = await subscription(guest, `private-App.Models.User.${ana.id}`)
    assert.equal(refusal(refused), 403)
    const presence = await subscription(guest, 'presence-online')
    assert.equal(refusal(presence), 403)
  })

  test('post channels follow the visibility rule', async ({ assert }) => {
    const [author, member] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const external = await UserFactory.apply('external').create()
    const post = await Post.create({
      authorId: author.id,
      bodyHtml: '<p>Team only</p>',
      bodyText: 'Team only',
      audience: 'team',
      status: 'published',
      sharedPostId: null,
      mediaCount: 0,
    })
    const channel = `private-App.Models.Post.${post.id}`
    const memberClient = await client(await signedIn(member))
    assert.isTrue(await joins(memberClient, channel))
    const externalClient = await client(await signedIn(external))
    assert.equal(refusal(await subscription(externalClient, channel)), 403)
    assert.equal(
      refusal(await subscription(memberClient, 'private-App.Models.Post.999999999')),
      403
    )
  })
})
