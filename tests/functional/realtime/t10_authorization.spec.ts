import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import config from '#config/realtime'
import { broadcast } from '#services/broadcast'
import { registeredChannelPatterns } from '#services/realtime/channel_registry'
import { channelAuth, hmac, md5 } from '#services/realtime/signatures'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar, testServerUrl } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import type User from '#models/user'
import { RawSocket, sleep, testServer } from './_support.js'

/**
 * SECURITY.md T10 (ASVS 8.2.2 over websockets): every private / presence
 * channel pattern refused to non-members, forged signatures refused,
 * oversized frames closed, client events off, channel count bounded,
 * canaries on private channels never reach other sockets, presence data
 * without e-mails; plus the connection-level refusals (app key, protocol,
 * origin) and the signed HTTP API.
 */
const server = () => testServer(config.key)

/**
 * Channels every signed-in account may join (start/channels.ts): only
 * guests are non-members. Any other pattern must refuse someone signed in.
 * (presence-online is the team's: externals are refused, tested below.)
 */
const EVERYONE_SIGNED_IN = ['private-App.Feed.public']

async function signedIn(user: User) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  await jar.signIn(user.email, TEST_PASSWORD)
  return jar
}

async function authAs(jar: CookieJar | null, socketId: string, channel: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'accept': 'application/json',
  }
  if (jar) {
    headers.cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const xsrf = jar.get('XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
  }
  const response = await fetch(testServerUrl('/broadcasting/auth'), {
    method: 'POST',
    headers,
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  })
  return { status: response.status, body: await response.text() }
}

async function authJson(jar: CookieJar | null, socketId: string, channel: string) {
  const answer = await authAs(jar, socketId, channel)
  return JSON.parse(answer.body)
}

async function closeCode(socket: RawSocket) {
  const closed = await socket.waitClosed()
  return closed?.code
}

/** Every registered pattern, instantiated for something `user` is no member of. */
function foreignChannels(other: User) {
  return registeredChannelPatterns().flatMap((pattern) => {
    const names =
      pattern.startsWith('private-') || pattern.startsWith('presence-')
        ? [pattern]
        : [`private-${pattern}`, `presence-${pattern}`]
    return names.map((name) =>
      name.replace(/\{(\w+)\}/g, (_, param) =>
        param === 'id' && /User/.test(name) ? String(other.id) : '999999999'
      )
    )
  })
}

test.group('Realtime / T10 authorization', (group) => {
  const sockets: RawSocket[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })
  const raw = (options?: ConstructorParameters<typeof RawSocket>[1]) => {
    const socket = new RawSocket(server(), options)
    sockets.push(socket)
    return socket
  }

  test('every private / presence pattern: 403 for non-members and guests', async ({ assert }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const external = await UserFactory.apply('external').create()
    const jar = await signedIn(ana)
    const externalJar = await signedIn(external)
    const failures: string[] = []
    for (const channel of foreignChannels(ben)) {
      const guest = await authAs(null, '1234.5678', channel)
      if (guest.status !== 403) failures.push(`${channel} as a guest: ${guest.status}`)
      // Channels for everyone signed in have no other non-members.
      if (EVERYONE_SIGNED_IN.includes(channel)) continue
      const member = await authAs(jar, '1234.5678', channel)
      const outsider = await authAs(externalJar, '1234.5678', channel)
      if (member.status !== 403 && outsider.status !== 403)
        failures.push(
          `${channel} is open to a member and an external: add it to EVERYONE_SIGNED_IN?`
        )
      for (const answer of [member, outsider])
        if (![200, 403].includes(answer.status)) failures.push(`${channel}: ${answer.status}`)
    }
    assert.isAbove(foreignChannels(ben).length, 2)
    assert.deepEqual(failures, [])

    // No CSRF header: refused too (shield), even for one's own channel.
    const noCsrf = await fetch(testServerUrl('/broadcasting/auth'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'cookie': [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: `socket_id=1234.5678&channel_name=private-App.Models.User.${ana.id}`,
    })
    assert.notEqual(noCsrf.status, 200)
    // Inactive accounts are signed out: nothing either.
    const inactive = await UserFactory.apply('inactive').create()
    const inactiveJar = await signedIn(inactive)
    const refused = await authAs(inactiveJar, '1.1', 'presence-online')
    assert.equal(refused.status, 403)
  })

  test('forged, replayed and mismatched signatures are refused by the server', async ({
    assert,
  }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const attacker = raw()
    const socketId = await attacker.socketId
    const channels = foreignChannels(ben)
    for (const channel of channels) {
      const forged = `${config.key}:${randomBytes(32).toString('hex')}`
      const data: Record<string, unknown> = { channel, auth: forged }
      if (channel.startsWith('presence-'))
        data.channel_data = JSON.stringify({ user_id: ben.id, user_info: { id: ben.id } })
      attacker.send('pusher:subscribe', data)
    }
    // A valid signature for another socket, and one for another channel.
    const jar = await signedIn(ana)
    const other = raw()
    const otherId = await other.socketId
    const stolen = await authJson(jar, otherId, `private-App.Models.User.${ana.id}`)
    attacker.send('pusher:subscribe', {
      channel: `private-App.Models.User.${ana.id}`,
      auth: stolen.auth,
    })
    const own = await authJson(jar, socketId, `private-App.Models.User.${ana.id}`)
    attacker.send('pusher:subscribe', {
      channel: `private-App.Models.User.${ben.id}`,
      auth: own.auth,
    })
    // Signed with a wrong secret.
    attacker.send('pusher:subscribe', {
      channel: `private-App.Models.User.${ben.id}`,
      auth: channelAuth(
        config.key,
        'not-the-secret',
        socketId,
        `private-App.Models.User.${ben.id}`
      ),
    })

    const expected = channels.length + 3
    const started = Date.now()
    while (
      attacker.frames.filter((f) => f.event === 'pusher:subscription_error').length < expected &&
      Date.now() - started < 5000
    )
      await sleep(20)
    const errors = attacker.frames.filter((f) => f.event === 'pusher:subscription_error')
    const succeeded = attacker.frames.filter(
      (f) => f.event === 'pusher_internal:subscription_succeeded'
    )
    assert.lengthOf(errors, expected)
    assert.lengthOf(succeeded, 0)
    assert.isTrue(errors.every((f) => f.data.status === 401))
  })

  test('frames over 10 KB close the connection (4009); 10 KB passes', async ({ assert }) => {
    const socket = raw()
    await socket.socketId
    const exact = JSON.stringify({ event: 'pusher:ping', data: {} })
    socket.ws.send(exact.padEnd(config.maxMessageSize, ' '))
    assert.isNotNull(await socket.waitFor((f) => f.event === 'pusher:pong'))
    socket.ws.send(exact.padEnd(config.maxMessageSize + 1, ' '))
    const closed = await socket.waitClosed()
    assert.equal(closed?.code, 4009)
  })

  test('client events are refused; channels per connection are bounded', async ({ assert }) => {
    const socket = raw()
    await socket.socketId
    socket.send('pusher:subscribe', { channel: 'public-room' })
    const listener = raw()
    await listener.socketId
    listener.send('pusher:subscribe', { channel: 'public-room' })
    await listener.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded')
    for (let i = 0; i < 20; i++) socket.send('client-typing', { i }, 'public-room')
    await sleep(300)
    const refusals = socket.frames.filter((f) => f.event === 'pusher:error' && f.data.code === 4301)
    assert.lengthOf(refusals, 20)
    assert.isFalse(listener.frames.some((f) => f.event === 'client-typing'))

    for (let i = 0; i < 1000; i++) socket.send('pusher:subscribe', { channel: `public-${i}` })
    const started = Date.now()
    const done = () =>
      socket.frames.filter(
        (f) =>
          f.channel?.startsWith('public-') &&
          f.channel !== 'public-room' &&
          ['pusher_internal:subscription_succeeded', 'pusher:subscription_error'].includes(f.event)
      ).length
    while (done() < 1000 && Date.now() - started < 10_000) await sleep(50)
    const accepted = socket.frames.filter(
      (f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel !== 'public-room'
    )
    assert.lengthOf(accepted, config.maxChannelsPerConnection - 1)
    assert.isNull(socket.closed)
  })

  test('canary observer: nothing published on private channels reaches other sockets', async ({
    assert,
  }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    // The legitimate subscriber.
    const jar = await signedIn(ana)
    const owner = raw()
    const ownerId = await owner.socketId
    const own = `private-App.Models.User.${ana.id}`
    const signed = await authJson(jar, ownerId, own)
    owner.send('pusher:subscribe', { channel: own, auth: signed.auth })
    await owner.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded')

    // The observer: every public channel it can name, private ones with forged signatures.
    const observer = raw()
    await observer.socketId
    const targets = [
      own,
      `private-App.Models.User.${ben.id}`,
      'presence-online',
      'private-App.Models.Post.1',
    ]
    for (const name of targets) {
      observer.send('pusher:subscribe', { channel: name.replace(/^(private|presence)-/, '') })
      observer.send('pusher:subscribe', {
        channel: name,
        auth: `${config.key}:${'0'.repeat(64)}`,
        channel_data: JSON.stringify({ user_id: 1 }),
      })
    }
    observer.send('pusher:subscribe', { channel: 'App.Models.User' })
    await sleep(200)

    for (let i = 0; i < 20; i++) {
      await broadcast(targets, 'Canary', { canary: `CANARY-${i}` })
    }
    await owner.waitFor((f) => f.data?.canary === 'CANARY-19')
    await sleep(200)
    const ownerCanaries = owner.frames.filter((f) => String(f.data?.canary).startsWith('CANARY'))
    const leaked = observer.frames.filter((f) => JSON.stringify(f).includes('CANARY'))
    assert.lengthOf(ownerCanaries, 20)
    assert.lengthOf(leaked, 0)
  })

  test('presence-online is the team only: externals are refused (issue 16 #7)', async ({
    assert,
  }) => {
    const [ana, boss, outsider] = await Promise.all([
      UserFactory.create(),
      UserFactory.apply('admin').create(),
      UserFactory.apply('external').create(),
    ])
    for (const user of [ana, boss]) {
      const answer = await authAs(await signedIn(user), '1234.5678', 'presence-online')
      assert.equal(answer.status, 200, `${user.role} may join presence-online`)
    }
    const refused = await authAs(await signedIn(outsider), '1234.5678', 'presence-online')
    assert.equal(refused.status, 403)
    assert.notInclude(refused.body, ana.username)
  })

  test('presence-App.Visible.<id> (visible tabs, issue 15) is the person’s own only', async ({
    assert,
  }) => {
    const [ana, ben] = await Promise.all([UserFactory.create(), UserFactory.create()])
    const external = await UserFactory.apply('external').create()
    for (const user of [ana, external]) {
      const own = await authAs(await signedIn(user), '1234.5678', `presence-App.Visible.${user.id}`)
      assert.equal(own.status, 200)
      const data = JSON.parse(JSON.parse(own.body).channel_data)
      assert.equal(String(data.user_id), String(user.id))
      assert.notInclude(own.body, user.email)
    }
    const foreign = await authAs(await signedIn(ana), '1234.5678', `presence-App.Visible.${ben.id}`)
    assert.equal(foreign.status, 403)
  })

  test('presence members carry no e-mail addresses', async ({ assert }) => {
    const users = await UserFactory.createMany(3)
    const frames: any[] = []
    for (const user of users) {
      const jar = await signedIn(user)
      const socket = raw()
      const socketId = await socket.socketId
      const signed = await authJson(jar, socketId, 'presence-online')
      assert.notInclude(signed.channel_data, '@')
      socket.send('pusher:subscribe', {
        channel: 'presence-online',
        auth: signed.auth,
        channel_data: signed.channel_data,
      })
      frames.push(await socket.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded'))
    }
    const last = frames.at(-1)
    assert.equal(last.data.presence.count, 3)
    assert.sameMembers(
      Object.keys(last.data.presence.hash),
      users.map((user) => String(user.id))
    )
    for (const user of users) {
      assert.deepEqual(Object.keys(last.data.presence.hash[user.id]).sort(), [
        'avatarUrl',
        'id',
        'name',
        'username',
      ])
    }
    const everything = JSON.stringify(sockets.flatMap((socket) => socket.frames))
    for (const user of users) assert.notInclude(everything, user.email)
  })

  test('connections: unknown key 4001, no protocol 4008, foreign origin 4009, ping → pong', async ({
    assert,
  }) => {
    const unknown = raw({ key: 'not-the-key' })
    assert.equal(await closeCode(unknown), 4001)
    const noProtocol = raw({ query: 'client=raw' })
    assert.equal(await closeCode(noProtocol), 4008)
    const foreign = raw({ origin: 'https://evil.example' })
    assert.equal(await closeCode(foreign), 4009)

    const own = raw({ origin: new URL(config.allowedOrigins[0]).origin })
    const socketId = await own.socketId
    assert.match(socketId, /^\d+\.\d+$/)
    const established = own.frames[0]
    assert.equal(established.data.activity_timeout, config.activityTimeout)
    own.send('pusher:ping', {})
    assert.isNotNull(await own.waitFor((f) => f.event === 'pusher:pong'))
  })

  test('the HTTP events API refuses unsigned, forged, stale and tampered requests', async ({
    assert,
  }) => {
    const path = `/apps/${config.appId}/events`
    const body = JSON.stringify({ name: 'x', channel: 'public-x', data: '{}' })
    const sign = (query: Record<string, string>, secret = config.secret) => {
      const sorted = Object.keys(query)
        .sort()
        .map((name) => `${name}=${query[name]}`)
        .join('&')
      return hmac(secret, `POST\n${path}\n${sorted}`)
    }
    const post = async (query: Record<string, string>, payload = body, target = path) => {
      const response = await fetch(
        testServerUrl(`${target}?${new URLSearchParams(query).toString()}`),
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }
      )
      return response.status
    }
    const base = {
      auth_key: config.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5(body),
    }
    assert.equal(await post({ ...base, auth_signature: sign(base) }), 200)
    assert.equal(await post({}), 401)
    assert.equal(await post({ ...base, auth_signature: sign(base, 'wrong-secret') }), 401)
    const stale = { ...base, auth_timestamp: String(Math.floor(Date.now() / 1000) - 3600) }
    assert.equal(await post({ ...stale, auth_signature: sign(stale) }), 401)
    const tampered = JSON.stringify({ name: 'x', channel: 'private-App.Models.User.1', data: '{}' })
    assert.equal(await post({ ...base, auth_signature: sign(base) }, tampered), 401)
    assert.equal(
      await post({ ...base, auth_signature: sign(base) }, body, '/apps/not-this-app/events'),
      404
    )
  })
})
