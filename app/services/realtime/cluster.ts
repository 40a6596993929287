import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { RedisConnection } from '@adonisjs/redis'
import type { RealtimeHub, HubPublisher, SessionScope } from './hub.js'
import type { JoinResult, PresenceMember, PresenceStore } from './presence.js'

/**
 * Several app processes behind a load balancer (REDIS_URL set): every event
 * published on one node goes out on all of them through one Redis pub/sub
 * channel, and presence membership lives in Redis hashes so each node sees
 * the members connected to the others.
 *
 * Keys (under the realtime connection's prefix):
 *  - `nodes`               sorted set: node id → last heartbeat (ms)
 *  - `presence:{channel}`  hash: `{node}|{socket}` → user id (one per connection)
 *  - `members:{channel}`   hash: user id → user_info JSON
 * Connections of a node that stopped heart-beating are dropped from the
 * hashes at the next join or sweep (and their members announced removed).
 */
/**
 * The pub/sub channel every node of one deployment listens on. Redis
 * channels know neither key prefixes nor database numbers, so both are in
 * its name: deployments (or test runs) sharing one Redis under another
 * database or prefix never hear each other's events and revocations.
 */
export function eventsChannel(options: { keyPrefix?: string; db?: number }) {
  return `${options.keyPrefix ?? ''}events@${options.db ?? 0}`
}
const HEARTBEAT_MS = 5000
const NODE_TTL_MS = 20_000

/** Counts live connections per user, drops dead nodes' entries, adds one; returns {before, members}. */
const JOIN_SCRIPT = `
local live = {}
for _, n in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[4], '+inf')) do live[n] = true end
-- The joining node is alive whatever its last heartbeat says (a busy event loop).
live[ARGV[5]] = true
local all = redis.call('HGETALL', KEYS[1])
local counts = {}
for i = 1, #all, 2 do
  local node = string.match(all[i], '^([^|]+)|')
  if live[node] then counts[all[i + 1]] = (counts[all[i + 1]] or 0) + 1
  else redis.call('HDEL', KEYS[1], all[i]) end
end
local before = 0
if ARGV[1] ~= '' then
  before = counts[ARGV[2]] or 0
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
  counts[ARGV[2]] = before + 1
end
local members = redis.call('HGETALL', KEYS[2])
local result = {}
for i = 1, #members, 2 do
  if counts[members[i]] then
    table.insert(result, members[i])
    table.insert(result, members[i + 1])
  else
    redis.call('HDEL', KEYS[2], members[i])
  end
end
return {before, result}
`

/** Removes one connection; returns 1 when it was the user's last, 0 otherwise, -1 when unknown. */
const LEAVE_SCRIPT = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return -1 end
for _, u in ipairs(redis.call('HVALS', KEYS[1])) do
  if u == ARGV[2] then return 0 end
end
redis.call('HDEL', KEYS[2], ARGV[2])
return 1
`

/** Drops the entries of dead nodes; returns the user ids left with no connection. */
const SWEEP_SCRIPT = `
local live = {}
for _, n in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[1], '+inf')) do live[n] = true end
local all = redis.call('HGETALL', KEYS[1])
local remaining = {}
local touched = {}
for i = 1, #all, 2 do
  local node = string.match(all[i], '^([^|]+)|')
  if live[node] then remaining[all[i + 1]] = true
  else
    redis.call('HDEL', KEYS[1], all[i])
    touched[all[i + 1]] = true
  end
end
local gone = {}
for u, _ in pairs(touched) do
  if not remaining[u] then
    redis.call('HDEL', KEYS[2], u)
    table.insert(gone, u)
  end
end
return gone
`

interface ClusterMessage {
  /** Origin node. */
  n: string
  /** A control message instead of an event: close this user's connections. */
  t?: string
  /** Control: the session that authorised socket `s` of user `u` (hashed). */
  b?: { s: string; u: string; k: string }
  /** Control: close user `u`'s sockets of session `o` only, or of all sessions but `x`. */
  r?: { u: string; o?: string; x?: string }
  c: string[]
  e: string
  d: string
  x: string | null
}

export class RedisCluster implements HubPublisher, PresenceStore {
  readonly nodeId = randomBytes(8).toString('hex')
  #heartbeat: NodeJS.Timeout | null = null
  #presenceChannels = new Set<string>()
  #io: Redis
  readonly #channel: string

  constructor(
    private hub: RealtimeHub,
    private commands: RedisConnection,
    private subscriber: RedisConnection,
    private log: { error(obj: unknown, message?: string): void }
  ) {
    this.#io = commands.ioConnection
    this.#channel = eventsChannel(this.#io.options)
  }

  async start() {
    await this.#beat()
    await new Promise<void>((resolve, reject) => {
      this.subscriber.subscribe(this.#channel, (message) => this.#receive(message), {
        onSubscription: () => resolve(),
        onError: reject,
      })
    })
    this.#heartbeat = setInterval(() => {
      this.#beat().catch((error) => this.log.error({ err: error }, 'realtime: heartbeat failed'))
    }, HEARTBEAT_MS)
    this.#heartbeat.unref()
    this.hub.cluster = this
    this.hub.presence = this
  }

  async stop() {
    if (this.#heartbeat) clearInterval(this.#heartbeat)
    try {
      await this.subscriber.unsubscribe(this.#channel)
      await this.#io.zrem('nodes', this.nodeId)
    } catch {}
  }

  async #beat() {
    await this.#io.zadd('nodes', Date.now(), this.nodeId)
    // Another node died? Announce its members as removed (one node does it: the script is atomic).
    const minLive = Date.now() - NODE_TTL_MS
    const dead = await this.#io.zrangebyscore('nodes', '-inf', `(${minLive}`)
    if (dead.length === 0) return
    await this.#io.zremrangebyscore('nodes', '-inf', `(${minLive}`)
    const channels = await this.#io.smembers('presence-channels')
    for (const channel of channels) {
      const gone = (await this.#io.eval(
        SWEEP_SCRIPT,
        3,
        `presence:${channel}`,
        `members:${channel}`,
        'nodes',
        String(minLive)
      )) as string[]
      for (const userId of gone) {
        this.publishInternal(
          channel,
          'pusher_internal:member_removed',
          JSON.stringify({ user_id: userId }),
          null
        )
        this.hub.deliver(
          [channel],
          'pusher_internal:member_removed',
          JSON.stringify({ user_id: userId }),
          null
        )
      }
    }
  }

  // ------------------------------------------------------------- pub / sub

  publish(channels: string[], data: string, event: string, exceptSocketId: string | null) {
    const message: ClusterMessage = {
      n: this.nodeId,
      c: channels,
      e: event,
      d: data,
      x: exceptSocketId,
    }
    this.commands.publish(this.#channel, JSON.stringify(message)).catch((error) => {
      this.log.error({ err: error }, 'realtime: publishing to Redis failed')
    })
  }

  publishInternal(channel: string, event: string, data: string, exceptSocketId: string | null) {
    this.publish([channel], data, event, exceptSocketId)
  }

  terminateUser(userId: string) {
    const message: ClusterMessage = { n: this.nodeId, t: userId, c: [], e: '', d: '', x: null }
    this.commands.publish(this.#channel, JSON.stringify(message)).catch((error) => {
      this.log.error({ err: error }, 'realtime: publishing to Redis failed')
    })
  }

  bindSession(socketId: string, userId: string, session: string) {
    this.#control({ b: { s: socketId, u: userId, k: session } })
  }

  terminateSessions(userId: string, scope: SessionScope) {
    this.#control({ r: { u: userId, o: scope.only, x: scope.except } })
  }

  #control(fields: Pick<ClusterMessage, 'b' | 'r'>) {
    const message: ClusterMessage = { n: this.nodeId, c: [], e: '', d: '', x: null, ...fields }
    this.commands.publish(this.#channel, JSON.stringify(message)).catch((error) => {
      this.log.error({ err: error }, 'realtime: publishing to Redis failed')
    })
  }

  #receive(raw: string) {
    let message: ClusterMessage
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    if (message.n === this.nodeId) return
    if (typeof message.t === 'string') return this.hub.terminateUser(message.t)
    if (message.b) return void this.hub.bindSession(message.b.s, message.b.u, message.b.k)
    if (message.r) {
      return this.hub.terminateSessions(message.r.u, { only: message.r.o, except: message.r.x })
    }
    this.hub.deliver(message.c, message.e, message.d, message.x)
  }

  // -------------------------------------------------------------- presence

  async join(channel: string, socketId: string, member: PresenceMember): Promise<JoinResult> {
    if (!this.#presenceChannels.has(channel)) {
      this.#presenceChannels.add(channel)
      await this.#io.sadd('presence-channels', channel)
    }
    const [before, flat] = (await this.#io.eval(
      JOIN_SCRIPT,
      3,
      `presence:${channel}`,
      `members:${channel}`,
      'nodes',
      `${this.nodeId}|${socketId}`,
      member.userId,
      JSON.stringify(member.info ?? null),
      String(Date.now() - NODE_TTL_MS),
      this.nodeId
    )) as [number, string[]]
    return { first: Number(before) === 0, members: this.#members(flat) }
  }

  async leave(channel: string, socketId: string, userId: string) {
    const result = await this.#io.eval(
      LEAVE_SCRIPT,
      2,
      `presence:${channel}`,
      `members:${channel}`,
      `${this.nodeId}|${socketId}`,
      userId
    )
    return Number(result) === 1
  }

  async members(channel: string) {
    const [, flat] = (await this.#io.eval(
      JOIN_SCRIPT,
      3,
      `presence:${channel}`,
      `members:${channel}`,
      'nodes',
      '',
      '',
      '',
      String(Date.now() - NODE_TTL_MS),
      this.nodeId
    )) as [number, string[]]
    return this.#members(flat)
  }

  #members(flat: string[]) {
    const members = new Map<string, unknown>()
    for (let i = 0; i < flat.length; i += 2) {
      let info: unknown = null
      try {
        info = JSON.parse(flat[i + 1])
      } catch {}
      members.set(flat[i], info)
    }
    return members
  }
}
