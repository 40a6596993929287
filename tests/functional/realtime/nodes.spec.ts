import { spawn, type ChildProcess } from 'node:child_process'
import { createConnection, createServer } from 'node:net'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { test } from '@japa/runner'
import env from '#start/env'
import {
  type Pusher,
  connected,
  joins,
  loadPusherSdk,
  nextEvent,
  pusherClient,
  secretAuthorizer,
  sleep,
  subscription,
} from './_support.js'

/**
 * Real app processes (bin/server.ts), not the in-process test server:
 *  - two nodes sharing Redis: an event raised on one reaches a client of
 *    the other; presence lists members connected to both;
 *  - a restarted server: clients reconnect and resubscribe by themselves.
 * Subscriptions are signed with the app secret directly (the session path
 * is covered by clients.spec.ts), so the nodes need no database content.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CREDENTIALS = {
  REVERB_APP_ID: '424242',
  REVERB_APP_KEY: `nodes${randomBytes(8).toString('hex')}`,
  REVERB_APP_SECRET: randomBytes(24).toString('hex'),
}
/** A port nobody listens on (parallel runs must not collide). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

function redisUrl() {
  return env.get('REDIS_URL') ?? 'redis://127.0.0.1:6379/0'
}

/** Whether Redis answers PING at REDIS_URL (or the default local one). */
function redisReachable(url: string) {
  return new Promise<boolean>((resolve) => {
    const target = new URL(url)
    const socket = createConnection(Number(target.port || 6379), target.hostname)
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

class AppNode {
  child: ChildProcess | null = null
  output = ''
  constructor(
    readonly port: number,
    readonly extraEnv: Record<string, string> = {}
  ) {}

  async start() {
    this.output = ''
    this.child = spawn(process.execPath, ['--import', '@poppinss/ts-exec', 'bin/server.ts'], {
      cwd: ROOT,
      env: {
        // Only real values: a test that unset a variable through env.set()
        // may have left the string "undefined" behind.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([, value]) => value !== 'undefined')
        ),
        ...CREDENTIALS,
        ...this.extraEnv,
        NODE_ENV: 'test',
        PORT: String(this.port),
        HOST: 'localhost',
        APP_URL: `http://localhost:${this.port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.child.stderr!.on('data', (chunk) => (this.output += chunk))
    const started = Date.now()
    while (Date.now() - started < 60_000) {
      if (this.child.exitCode !== null) break
      try {
        await fetch(`http://localhost:${this.port}/`, { redirect: 'manual' })
        return
      } catch {
        await sleep(200)
      }
    }
    throw new Error(`node on ${this.port} did not start:\n${this.output.slice(-2000)}`)
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    this.child = null
  }

  server() {
    return { host: 'localhost', port: this.port, key: CREDENTIALS.REVERB_APP_KEY }
  }

  sdk() {
    const PusherSdk = loadPusherSdk()
    return new PusherSdk({
      appId: CREDENTIALS.REVERB_APP_ID,
      key: CREDENTIALS.REVERB_APP_KEY,
      secret: CREDENTIALS.REVERB_APP_SECRET,
      host: 'localhost',
      port: String(this.port),
      useTLS: false,
    })
  }
}

function client(node: AppNode, userId: number) {
  return pusherClient(
    node.server(),
    secretAuthorizer(CREDENTIALS.REVERB_APP_KEY, CREDENTIALS.REVERB_APP_SECRET, userId)
  )
}

test.group('Realtime / app processes', (group) => {
  const nodes: AppNode[] = []
  const clients: Pusher[] = []
  group.each.teardown(async () => {
    for (const open of clients.splice(0)) open.disconnect()
    await Promise.all(nodes.splice(0).map((node) => node.stop()))
  })

  test('two nodes sharing Redis: events cross nodes, presence lists both', async ({ assert }) => {
    const url = redisUrl()
    if (!(await redisReachable(url))) {
      console.warn(`\n  Skipped: no Redis answers at ${url} (set REDIS_URL; CI has Redis).\n`)
      return
    }
    const a = new AppNode(await freePort(), { REDIS_URL: url })
    const b = new AppNode(await freePort(), { REDIS_URL: url })
    nodes.push(a, b)
    await Promise.all([a.start(), b.start()])

    const onA = client(a, 1)
    const onB = client(b, 2)
    clients.push(onA, onB)
    await Promise.all([connected(onA), connected(onB)])

    // An event raised on A (the signed HTTP API there) reaches B's client, and back.
    const channel = `private-App.Models.User.${randomBytes(4).readUInt32BE()}`
    assert.isTrue(await joins(onB, channel))
    assert.isTrue(await joins(onA, channel))
    const onBReceived = nextEvent(onB, channel, 'App\\Events\\CrossNode')
    const onAReceived = nextEvent(onA, channel, 'App\\Events\\CrossNode')
    await a.sdk().trigger(channel, 'App\\Events\\CrossNode', { from: 'a' })
    assert.deepEqual(await onBReceived, { from: 'a' })
    assert.deepEqual(await onAReceived, { from: 'a' })

    // Presence: members from both nodes.
    const presence = `presence-nodes-${randomBytes(4).toString('hex')}`
    const joinedA = await subscription(onA, presence)
    assert.isTrue(joinedA.ok)
    const added = nextEvent(onA, presence, 'pusher:member_added')
    const joinedB = await subscription(onB, presence)
    assert.isTrue(joinedB.ok)
    assert.sameMembers(Object.keys(joinedB.data.members), ['1', '2'])
    assert.equal(joinedB.data.count, 2)
    const member: any = await added
    assert.equal(member.id, '2')

    const users = await a.sdk().get({ path: `/channels/${presence}/users` })
    const listed: any = await users.json()
    assert.sameMembers(
      listed.users.map((user: { id: string }) => user.id),
      ['1', '2']
    )

    // B's member leaves: A hears of it.
    const removed = nextEvent(onA, presence, 'pusher:member_removed')
    onB.unsubscribe(presence)
    const gone: any = await removed
    assert.equal(gone.id, '2')

    // B crashes with a member connected: A announces them gone once B's heartbeat lapses.
    const onB2 = client(b, 3)
    clients.push(onB2)
    await connected(onB2)
    const added3 = nextEvent(onA, presence, 'pusher:member_added')
    assert.isTrue(await joins(onB2, presence))
    await added3
    const crashed = nextEvent(onA, presence, 'pusher:member_removed', 40_000)
    await b.stop('SIGKILL')
    const lost: any = await crashed
    assert.equal(lost.id, '3')
  }).timeout(150_000)

  test('a restarted server: clients reconnect and resubscribe by themselves', async ({
    assert,
  }) => {
    const node = new AppNode(await freePort())
    nodes.push(node)
    await node.start()
    const pusher = client(node, 7)
    clients.push(pusher)
    await connected(pusher)
    const channel = 'private-App.Models.User.7'
    assert.isTrue(await joins(pusher, channel))
    const firstSocket = pusher.connection.socket_id

    // A crash (SIGKILL), then the server comes back on the same port.
    const states: string[] = []
    pusher.connection.bind('state_change', ({ current }: { current: string }) =>
      states.push(current)
    )
    await node.stop('SIGKILL')
    await sleep(500)
    await node.start()

    const started = Date.now()
    while (pusher.connection.state !== 'connected' && Date.now() - started < 60_000)
      await sleep(100)
    assert.equal(pusher.connection.state, 'connected')
    assert.notEqual(pusher.connection.socket_id, firstSocket)
    assert.include(states, 'connecting')

    // Resubscribed on its own: an event on the channel arrives.
    let received: unknown = null
    const deadline = Date.now() + 20_000
    while (!received && Date.now() < deadline) {
      const next = nextEvent(pusher, channel, 'App\\Events\\AfterRestart', 1000).catch(() => null)
      await node.sdk().trigger(channel, 'App\\Events\\AfterRestart', { ok: true })
      received = await next
    }
    assert.deepEqual(received, { ok: true })

    // A graceful restart (SIGTERM) too: the server says "reconnect" (4200).
    await node.stop('SIGTERM')
    await node.start()
    const again = Date.now()
    while (pusher.connection.state !== 'connected' && Date.now() - again < 60_000) await sleep(100)
    let second: unknown = null
    const secondDeadline = Date.now() + 20_000
    while (!second && Date.now() < secondDeadline) {
      const next = nextEvent(pusher, channel, 'App\\Events\\AfterRestart', 1000).catch(() => null)
      await node.sdk().trigger(channel, 'App\\Events\\AfterRestart', { again: true })
      second = await next
    }
    assert.deepEqual(second, { again: true })
  }).timeout(180_000)
})
