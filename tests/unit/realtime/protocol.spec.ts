import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import WebSocket from 'ws'
import realtimeConfig from '#config/realtime'
import { FANOUT_SLICE, RealtimeHub } from '#services/realtime/hub'
import {
  channelAuth,
  httpSigningString,
  userAuth,
  verifyAuth,
  verifyHttpRequest,
} from '#services/realtime/signatures'
import { authorizeChannel, channel, forgetChannel } from '#services/realtime/channel_registry'
import type User from '#models/user'

const require = createRequire(import.meta.url)

/**
 * The protocol pieces on their own: signatures against the published
 * example and the official SDK, channel pattern matching, and the activity
 * timeout (ping when silent, 4201 without a pong) on a hub with short timers.
 */
test.group('Realtime / signatures', () => {
  test('private signature matches the Pusher documentation example', ({ assert }) => {
    assert.equal(
      channelAuth('278d425bdf160c739803', '7ad3773142a6692b25b8', '1234.1234', 'private-foobar'),
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4'
    )
  })

  test('presence and user signatures match the official pusher SDK', ({ assert }) => {
    const Pusher = require('pusher')
    const sdk = new Pusher({ appId: '1', key: 'key1234567', secret: 'secret', host: 'localhost' })
    const member = { user_id: 10, user_info: { name: 'Mr. Channels' } }
    const expected = sdk.authorizeChannel('1234.1234', 'presence-foobar', member)
    assert.equal(
      channelAuth('key1234567', 'secret', '1234.1234', 'presence-foobar', expected.channel_data),
      expected.auth
    )
    const user = sdk.authenticateUser('1234.1234', { id: '10', user_info: { name: 'x' } })
    assert.equal(userAuth('key1234567', 'secret', '1234.1234', user.user_data), user.auth)
    assert.isTrue(
      verifyAuth(
        'key1234567',
        'secret',
        expected.auth,
        `1234.1234:presence-foobar:${expected.channel_data}`
      )
    )
    assert.isFalse(verifyAuth('key1234567', 'secret', expected.auth, '1234.1234:presence-other'))
    assert.isFalse(verifyAuth('key1234567', 'secret', 'no-colon', 'x'))
    assert.isFalse(verifyAuth('key1234567', 'secret', 42, 'x'))
  })

  test('HTTP API signing string: sorted lower-case parameters without auth_signature', ({
    assert,
  }) => {
    assert.equal(
      httpSigningString('post', '/apps/3/events', {
        auth_version: '1.0',
        auth_key: 'k',
        auth_signature: 'ignored',
        body_md5: 'abc',
        auth_timestamp: '1',
      }),
      'POST\n/apps/3/events\nauth_key=k&auth_timestamp=1&auth_version=1.0&body_md5=abc'
    )
    const verdict = verifyHttpRequest({
      key: 'k',
      secret: 's',
      method: 'POST',
      path: '/apps/3/events',
      query: { auth_key: ['k', 'k'] },
      rawBody: '',
      ttlSeconds: 600,
    })
    assert.deepEqual(verdict, {
      ok: false,
      status: 400,
      message: 'Query parameter auth_key must appear once',
    })
  })
})

test.group('Realtime / channel rules', (group) => {
  const user = { id: 7, fullName: 'Ana', username: 'ana' } as User
  const patterns = ['private-test.rule.{id}', 'test.both.{slug}', 'presence-test.room.{id}']
  group.teardown(() => patterns.forEach(forgetChannel))

  const allowed = async (name: string) => {
    const decision = await authorizeChannel(user, name)
    return decision.allowed
  }

  test('patterns with parameters, prefixes and presence answers', async ({ assert }) => {
    channel('private-test.rule.{id}', (who, { id }) => who.id === Number(id))
    channel('test.both.{slug}', (_who, { slug }) => slug === 'yes')
    channel('presence-test.room.{id}', (who) => ({ id: who.id, name: who.fullName }))

    assert.deepEqual(await authorizeChannel(user, 'private-test.rule.7'), {
      allowed: true,
      presence: false,
    })
    assert.isFalse(await allowed('private-test.rule.8'))
    assert.isFalse(await allowed('private-test.rule.7.extra'))
    assert.isFalse(await allowed('private-testXrule.7'))
    assert.isTrue(await allowed('private-test.both.yes'))
    // A presence channel needs member info: `true` is not enough.
    assert.isFalse(await allowed('presence-test.both.yes'))
    assert.deepEqual(await authorizeChannel(user, 'presence-test.room.1'), {
      allowed: true,
      presence: true,
      member: { id: 7, name: 'Ana' },
    })
    assert.isFalse(await allowed('private-unknown'))
    assert.isFalse(await allowed('public-channel'))
  })
})

/** A hub with `overrides` on a local HTTP server, closed when the group ends. */
async function startHub(overrides: Partial<typeof realtimeConfig>) {
  const hub = new RealtimeHub({ ...realtimeConfig, ...overrides }, { warn() {}, error() {} })
  const server: Server = createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const stop = async () => {
    await hub.close()
    await new Promise((resolve) => server.close(resolve))
  }
  return { hub, port, stop }
}

test.group('Realtime / activity timeout', (group) => {
  let hub: RealtimeHub
  let port = 0
  group.setup(async () => {
    const started = await startHub({ activityTimeout: 1, pongTimeout: 1 })
    hub = started.hub
    port = started.port
    return started.stop
  })

  function open(answerPings: boolean) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${realtimeConfig.key}?protocol=7`)
    const events: string[] = []
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    ws.on('message', (raw) => {
      const { event } = JSON.parse(raw.toString())
      events.push(event)
      if (event === 'pusher:ping' && answerPings) {
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }))
      }
    })
    return { ws, events, closed }
  }

  test('fan-out frames of every length decode in a standard client', async ({ assert }) => {
    const client = open(true)
    const payloads: string[] = []
    client.ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if (frame.event === 'sized') payloads.push(frame.data)
    })
    await new Promise((resolve) => client.ws.once('open', resolve))
    await new Promise((resolve) => setTimeout(resolve, 50))
    client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'sizes' } }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const sizes = [1, 60, 125, 126, 1000, 65_535, 65_536, 200_000]
    for (const size of sizes) hub.deliver(['sizes'], 'sized', 'x'.repeat(size), null)
    const started = Date.now()
    while (payloads.length < sizes.length && Date.now() - started < 5000)
      await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(
      payloads.map((payload) => payload.length),
      sizes
    )
    client.ws.close()
  })

  test('a silent client is pinged, and closed with 4201 when it does not answer', async ({
    assert,
  }) => {
    const silent = open(false)
    const polite = open(true)
    const code = await silent.closed
    assert.equal(code, 4201)
    assert.include(silent.events, 'pusher:ping')
    // The one answering its pings stays.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    assert.include(polite.events, 'pusher:ping')
    assert.equal(polite.ws.readyState, WebSocket.OPEN)
    polite.ws.close()
  }).timeout(15_000)
})

test.group('Realtime / large fan-outs', (group) => {
  let hub: RealtimeHub
  let port = 0
  group.setup(async () => {
    const started = await startHub({ maxConnectionsPerIp: 0 })
    hub = started.hub
    port = started.port
    return started.stop
  })

  /** A client subscribed to `channels`, recording the events it gets. */
  async function subscriber(channels: string[]) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${realtimeConfig.key}?protocol=7`)
    const events: string[] = []
    let subscribed = 0
    const ready = new Promise<void>((resolve) => {
      ws.on('message', (raw) => {
        const { event } = JSON.parse(raw.toString())
        if (event === 'pusher:connection_established') {
          for (const name of channels) {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: name } }))
          }
        } else if (event === 'pusher_internal:subscription_succeeded') {
          if (++subscribed === channels.length) resolve()
        } else {
          events.push(event)
        }
      })
    })
    await ready
    return { ws, events }
  }

  test('written a slice per turn of the event loop, each socket in publish order', async ({
    assert,
  }) => {
    const crowd = await Promise.all(
      Array.from({ length: FANOUT_SLICE + 100 }, () => subscriber(['crowd']))
    )
    const both = await subscriber(['crowd', 'solo'])

    let loopTurned = false
    setImmediate(() => (loopTurned = true))
    hub.deliver(['crowd'], 'first', '{}', null)
    // More than a slice: the rest waits for the loop to turn.
    assert.equal(hub.pendingFanouts, 1)
    hub.deliver(['crowd'], 'second', '{}', null)
    // A small one meanwhile waits its turn too (order per socket).
    hub.deliver(['solo'], 'third', '{}', null)
    assert.equal(hub.pendingFanouts, 3)
    assert.isFalse(loopTurned)

    const started = Date.now()
    const everyone = [...crowd, both]
    while (
      everyone.some((client) => client.events.length < (client === both ? 3 : 2)) &&
      Date.now() - started < 10_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.isTrue(loopTurned)
    assert.equal(hub.pendingFanouts, 0)
    for (const client of crowd) assert.deepEqual(client.events, ['first', 'second'])
    assert.deepEqual(both.events, ['first', 'second', 'third'])

    // Small fan-outs with nothing pending go out at once.
    hub.deliver(['solo'], 'fourth', '{}', null)
    assert.equal(hub.pendingFanouts, 0)
    for (const client of everyone) client.ws.close()
  })
})
