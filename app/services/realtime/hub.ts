import { randomInt } from 'node:crypto'
import type { IncomingMessage, Server as NodeServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, WebSocket, type RawData } from 'ws'
import type { RealtimeConfig } from '#config/realtime'
import { channelSigningString, verifyAuth } from './signatures.js'
import { LocalPresenceStore, presencePayload, type PresenceStore } from './presence.js'

/**
 * The Pusher channels protocol server (protocol 7) inside the app process,
 * on the app's own port at /app/:key (ARCHITECTURE "Realtime").
 *
 * - connection: `pusher:connection_established` with a socket id and the
 *   activity timeout; pings when silent, closes (4201) without a pong;
 * - `pusher:subscribe` / `pusher:unsubscribe`: public channels, `private-`
 *   and `presence-` channels with the HMAC signature from /broadcasting/auth
 *   (checked in constant time), presence members added / removed;
 * - `pusher:signin` (user authentication);
 * - refused: unknown app key (4001), missing / unsupported protocol
 *   (4008 / 4007), foreign origins (4009), frames over 10 KB (4009, closed),
 *   client events.
 *
 * Fan-out serialises an event once per channel and writes the same buffer
 * to every subscriber. Per-connection state is a few small fields and a set
 * of channel names; timers are global sweeps, not per connection.
 */

/** Pusher protocol error codes (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/). */
export const CLOSE = {
  APP_NOT_FOUND: 4001,
  PATH_NOT_FOUND: 4005,
  UNSUPPORTED_PROTOCOL: 4007,
  NO_PROTOCOL: 4008,
  UNAUTHORIZED: 4009,
  OVER_CAPACITY: 4100,
  RECONNECT: 4200,
  PONG_TIMEOUT: 4201,
  CLIENT_EVENT_REJECTED: 4301,
} as const

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/
/** The channel of a signed-in user's server-to-user events (pusher:signin). */
export const USER_CHANNEL_PREFIX = '#server-to-user-'
/** Bytes queued for a client that does not read before it is dropped. */
const MAX_BUFFERED = 4 * 1024 * 1024

/**
 * Sockets written to per turn of the event loop in a large fan-out. Each
 * write is a syscall (10–25 µs on loopback), so one event to 10,000
 * subscribers held the loop 160–250 ms in one go: every request in flight
 * waited (the soak's event-loop stalls, docs/benchmarks.md S8). Past this
 * many, the writes go in slices with the loop free in between.
 */
export const FANOUT_SLICE = 500

/** `pusher:ping`, as #send would write it (`data` is the JSON of `{}`). */
const PING_FRAME = textFrame(Buffer.from(JSON.stringify({ event: 'pusher:ping', data: '{}' })))

/** One event (or ping) on its way to a list of connections, a slice at a time. */
interface Fanout {
  frame: Buffer
  targets: Connection[]
  next: number
  exceptSocketId: string | null
}

/** An unmasked, final text frame (RFC 6455 §5.2) holding `payload`. */
export function textFrame(payload: Buffer) {
  const length = payload.length
  let header: Buffer
  if (length < 126) {
    header = Buffer.from([0x81, length])
  } else if (length < 65536) {
    header = Buffer.alloc(4)
    header[0] = 0x81
    header[1] = 126
    header.writeUInt16BE(length, 2)
  } else {
    header = Buffer.alloc(10)
    header[0] = 0x81
    header[1] = 127
    header.writeBigUInt64BE(BigInt(length), 2)
  }
  return Buffer.concat([header, payload])
}

export interface Connection {
  socketId: string
  ws: WebSocket
  channels: Set<string>
  /** channel → presence user id, for presence channels this socket joined. */
  presence: Map<string, string> | null
  /** Set by pusher:signin. */
  userId: string | null
  /**
   * The account and (hashed) session that /broadcasting/auth signed this
   * socket's private/presence subscriptions for: signing that session out
   * closes the socket, so a revoked browser stops receiving private events.
   */
  session: { userId: string; session: string } | null
  lastSeen: number
  pingSentAt: number
  /** The client's address, counted against maxConnectionsPerIp. */
  ip: string
}

/**
 * The client's address: the peer, or behind trusted proxies the nearest
 * untrusted address of X-Forwarded-For (as the HTTP server reads it).
 */
export function clientAddress(request: IncomingMessage, trust: (address: string) => boolean) {
  const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.)/, '')
  let address = plain(request.socket.remoteAddress ?? 'unknown')
  const header = request.headers['x-forwarded-for']
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map(plain)
    .filter(Boolean)
  while (trust(address) && forwarded.length > 0) address = forwarded.pop()!
  return address
}

export interface HubPublisher {
  /** Publishes to other nodes (the cluster bridge); the local node is served directly. */
  publish(channels: string[], frameData: string, event: string, exceptSocketId: string | null): void
  /** Channel events that are not application events (presence member changes). */
  publishInternal(channel: string, event: string, data: string, exceptSocketId: string | null): void
  /** Asks the other nodes to close a signed-in user's connections. */
  terminateUser(userId: string): void
  /** Tells the node holding `socketId` which session authorised it. */
  bindSession(socketId: string, userId: string, session: string): void
  /** Asks the other nodes to close the sockets of these sessions. */
  terminateSessions(userId: string, scope: SessionScope): void
}

/** Which of a user's sessions: one (`only`), or all but one (`except`), or all. */
export interface SessionScope {
  only?: string
  except?: string
}

export class RealtimeHub {
  readonly connections = new Map<string, Connection>()
  readonly channels = new Map<string, Set<Connection>>()
  presence: PresenceStore = new LocalPresenceStore()
  /** Set by the cluster bridge (Redis) to reach the other app processes. */
  cluster: HubPublisher | null = null
  #wss: WebSocketServer
  #sweep: NodeJS.Timeout
  #attached = new WeakSet<NodeServer>()
  /** Open connections per client address (the per-IP cap). */
  readonly connectionsPerIp = new Map<string, number>()
  /** Fan-outs in progress, oldest first: a socket gets its events in publish order. */
  #fanouts: Fanout[] = []
  #draining = false

  constructor(
    readonly config: RealtimeConfig,
    private log: { warn(message: string): void; error(obj: unknown, message?: string): void }
  ) {
    this.#wss = new WebSocketServer({
      noServer: true,
      // Hard cap well above the protocol limit so the oversized-frame answer
      // is a Pusher error (4009) rather than ws's 1009; the cap keeps memory bounded.
      maxPayload: Math.max(config.maxMessageSize * 4, 64 * 1024),
      perMessageDeflate: false,
      clientTracking: false,
      skipUTF8Validation: false,
    })
    // Checked often enough to hold the announced timeouts within a few seconds.
    const every = Math.min(5000, Math.max(100, config.pongTimeout * 500))
    this.#sweep = setInterval(() => this.#checkActivity(), every)
    this.#sweep.unref()
  }

  /** Serves websocket upgrades on /app/:key of this node HTTP server. */
  attach(server: NodeServer) {
    if (this.#attached.has(server)) return
    this.#attached.add(server)
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      if (!url.pathname.startsWith('/app/')) return
      this.#wss.handleUpgrade(request, socket, head, (ws) => this.#open(ws, request, url))
    })
  }

  async close() {
    clearInterval(this.#sweep)
    this.#fanouts = []
    for (const connection of this.connections.values()) {
      connection.ws.close(CLOSE.RECONNECT, 'Server shutting down')
    }
    await Promise.all(
      [...this.connections.values()].map((connection) => this.#disconnect(connection))
    )
  }

  // ---------------------------------------------------------------- publish

  /**
   * Sends `event` on each channel to this node's subscribers (all but
   * `exceptSocketId`). `data` is the event payload as a JSON string. The
   * subscribers are those of the moment it is called. Up to FANOUT_SLICE of
   * them are written to at once; a larger fan-out (or any event while one
   * is under way, so that each socket keeps the publish order) is written a
   * slice per turn of the event loop.
   */
  deliver(channels: string[], event: string, data: string, exceptSocketId: string | null) {
    for (const name of channels) {
      const subscribers = this.channels.get(name)
      if (!subscribers || subscribers.size === 0) continue
      // One websocket frame for every subscriber: serialised and framed once.
      const frame = textFrame(Buffer.from(JSON.stringify({ event, channel: name, data })))
      this.#fanout(frame, [...subscribers], exceptSocketId)
    }
  }

  /** Fan-outs not yet written in full (0 when every event has gone out). */
  get pendingFanouts() {
    return this.#fanouts.length
  }

  #fanout(frame: Buffer, targets: Connection[], exceptSocketId: string | null) {
    if (this.#fanouts.length === 0 && targets.length <= FANOUT_SLICE) {
      for (const connection of targets) {
        if (connection.socketId !== exceptSocketId) this.#writeFrame(connection, frame)
      }
      return
    }
    this.#fanouts.push({ frame, targets, next: 0, exceptSocketId })
    if (!this.#draining) {
      this.#draining = true
      // The first slice goes now, the rest after the I/O waiting meanwhile.
      this.#drain()
    }
  }

  #drain = () => {
    let budget = FANOUT_SLICE
    while (budget > 0 && this.#fanouts.length > 0) {
      const job = this.#fanouts[0]
      const end = Math.min(job.targets.length, job.next + budget)
      budget -= end - job.next
      for (; job.next < end; job.next++) {
        const connection = job.targets[job.next]
        if (connection.socketId !== job.exceptSocketId) this.#writeFrame(connection, job.frame)
      }
      if (job.next >= job.targets.length) this.#fanouts.shift()
    }
    if (this.#fanouts.length > 0) setImmediate(this.#drain)
    else this.#draining = false
  }

  /** Publishes an application event from this node: here and, when clustered, on every other node. */
  publish(channels: string[], event: string, data: string, exceptSocketId: string | null) {
    this.deliver(channels, event, data, exceptSocketId)
    this.cluster?.publish(channels, data, event, exceptSocketId)
  }

  #internal(channel: string, event: string, data: unknown, exceptSocketId: string | null) {
    const payload = JSON.stringify(data)
    this.deliver([channel], event, payload, exceptSocketId)
    this.cluster?.publishInternal(channel, event, payload, exceptSocketId)
  }

  /** Channels with subscribers on this node, with their subscriber counts. */
  localChannels() {
    const result = new Map<string, number>()
    for (const [name, subscribers] of this.channels) result.set(name, subscribers.size)
    return result
  }

  // ------------------------------------------------------------ connections

  #open(ws: WebSocket, request: IncomingMessage, url: URL) {
    const key = decodeURIComponent(url.pathname.slice('/app/'.length))
    if (key !== this.config.key) {
      return this.#refuse(ws, CLOSE.APP_NOT_FOUND, `Application does not exist`)
    }
    const protocol = url.searchParams.get('protocol')
    if (!protocol) return this.#refuse(ws, CLOSE.NO_PROTOCOL, 'No protocol version supplied')
    if (!/^[5-7]$/.test(protocol)) {
      return this.#refuse(ws, CLOSE.UNSUPPORTED_PROTOCOL, 'Unsupported protocol version')
    }
    if (!this.#originAllowed(request)) {
      return this.#refuse(ws, CLOSE.UNAUTHORIZED, 'Origin not allowed')
    }
    const ip = clientAddress(request, this.config.trustProxy)
    const open = this.connectionsPerIp.get(ip) ?? 0
    const cap = this.config.maxConnectionsPerIp
    if (cap > 0 && open >= cap) {
      return this.#refuse(ws, CLOSE.OVER_CAPACITY, 'Too many connections from your address')
    }
    this.connectionsPerIp.set(ip, open + 1)

    const connection: Connection = {
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      ws,
      channels: new Set(),
      presence: null,
      userId: null,
      session: null,
      lastSeen: Date.now(),
      pingSentAt: 0,
      ip,
    }
    this.connections.set(connection.socketId, connection)
    ws.on('message', (raw, isBinary) => this.#message(connection, raw, isBinary))
    ws.on('close', () => void this.#disconnect(connection))
    ws.on('error', () => ws.terminate())
    ws.on('pong', () => (connection.lastSeen = Date.now()))
    this.#send(connection, 'pusher:connection_established', {
      socket_id: connection.socketId,
      activity_timeout: this.config.activityTimeout,
    })
  }

  #originAllowed(request: IncomingMessage) {
    const origin = request.headers.origin
    // Non-browser clients send no Origin; browsers always do.
    if (!origin) return true
    const allowed = this.config.allowedOrigins
    if (allowed.includes('*') || allowed.includes(origin)) return true
    try {
      return new URL(origin).host === request.headers.host
    } catch {
      return false
    }
  }

  #refuse(ws: WebSocket, code: number, message: string) {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
    ws.close(code, message)
  }

  async #disconnect(connection: Connection) {
    if (!this.connections.delete(connection.socketId)) return
    const open = (this.connectionsPerIp.get(connection.ip) ?? 1) - 1
    if (open > 0) this.connectionsPerIp.set(connection.ip, open)
    else this.connectionsPerIp.delete(connection.ip)
    for (const name of connection.channels) await this.#leave(connection, name)
  }

  #checkActivity() {
    const now = Date.now()
    const idle = this.config.activityTimeout * 1000
    const pongTimeout = this.config.pongTimeout * 1000
    // Sockets opened together fall idle together: their pings are one
    // fan-out (one frame, written a slice at a time), not a burst of sends.
    const toPing: Connection[] = []
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt) {
        if (now - connection.pingSentAt > pongTimeout) {
          connection.ws.close(CLOSE.PONG_TIMEOUT, 'Pong reply not received')
          // A peer that does not answer the close handshake either goes at once.
          setTimeout(() => connection.ws.terminate(), 2000).unref()
        }
      } else if (now - connection.lastSeen > idle) {
        connection.pingSentAt = now
        toPing.push(connection)
      }
    }
    if (toPing.length > 0) this.#fanout(PING_FRAME, toPing, null)
  }

  // --------------------------------------------------------------- messages

  #message(connection: Connection, raw: RawData, isBinary: boolean) {
    connection.lastSeen = Date.now()
    connection.pingSentAt = 0
    const size = Array.isArray(raw)
      ? raw.reduce((total, part) => total + part.length, 0)
      : raw instanceof ArrayBuffer
        ? raw.byteLength
        : raw.length
    if (size > this.config.maxMessageSize) {
      return this.#refuse(connection.ws, CLOSE.UNAUTHORIZED, 'Maximum message size exceeded')
    }
    if (isBinary) return this.#error(connection, null, 'Binary frames are not supported')
    let message: { event?: unknown; data?: unknown; channel?: unknown }
    try {
      message = JSON.parse(raw.toString())
    } catch {
      return this.#error(connection, null, 'Invalid JSON')
    }
    if (!message || typeof message !== 'object' || typeof message.event !== 'string') {
      return this.#error(connection, null, 'Invalid message format')
    }
    let data = message.data
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {}
    }
    const payload = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>

    switch (message.event) {
      case 'pusher:ping':
        return this.#send(connection, 'pusher:pong', {})
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        return void this.#subscribe(connection, payload).catch((error) => {
          this.log.error({ err: error }, 'realtime: subscribe failed')
          this.#error(connection, null, 'Subscription failed')
        })
      case 'pusher:unsubscribe':
        if (typeof payload.channel === 'string' && connection.channels.has(payload.channel)) {
          connection.channels.delete(payload.channel)
          void this.#leave(connection, payload.channel)
        }
        return
      case 'pusher:signin':
        return this.#signin(connection, payload)
      default:
        if (message.event.startsWith('client-')) {
          return this.#error(
            connection,
            CLOSE.CLIENT_EVENT_REJECTED,
            'Client events are not enabled on this server',
            typeof message.channel === 'string' ? message.channel : undefined
          )
        }
        return this.#error(connection, null, `Unknown event ${message.event.slice(0, 50)}`)
    }
  }

  async #subscribe(connection: Connection, payload: Record<string, unknown>) {
    const name = payload.channel
    if (typeof name === 'string' && name.startsWith(USER_CHANNEL_PREFIX)) {
      // Only the connection signed in (pusher:signin) as that user.
      if (connection.userId === null || name !== USER_CHANNEL_PREFIX + connection.userId) {
        return this.#subscriptionError(connection, name, 'Sign in as this user first', 403)
      }
      if (!connection.channels.has(name)) this.#add(connection, name)
      return this.#send(connection, 'pusher_internal:subscription_succeeded', {}, name)
    }
    if (typeof name !== 'string' || !CHANNEL_NAME.test(name)) {
      return this.#error(connection, null, 'Invalid channel name')
    }
    if (connection.channels.has(name)) {
      // Already subscribed (a client resubscribing): confirm again.
      if (!name.startsWith('presence-')) {
        return this.#send(connection, 'pusher_internal:subscription_succeeded', {}, name)
      }
    }
    if (connection.channels.size >= this.config.maxChannelsPerConnection) {
      return this.#subscriptionError(connection, name, 'Too many channels on this connection', 403)
    }
    const isPrivate = name.startsWith('private-')
    const isPresence = name.startsWith('presence-')
    let channelData: string | undefined
    if (isPresence) {
      if (typeof payload.channel_data !== 'string') {
        return this.#subscriptionError(connection, name, 'Presence channels need channel_data', 401)
      }
      channelData = payload.channel_data
    }
    if (isPrivate || isPresence) {
      const signed = channelSigningString(connection.socketId, name, channelData)
      if (!verifyAuth(this.config.key, this.config.secret, payload.auth, signed)) {
        return this.#subscriptionError(connection, name, 'Invalid signature', 401)
      }
    }

    if (isPresence) {
      let member: { user_id?: unknown; user_info?: unknown }
      try {
        member = JSON.parse(channelData!)
      } catch {
        return this.#subscriptionError(connection, name, 'Invalid channel_data', 400)
      }
      const rawId = member?.user_id
      if (typeof rawId !== 'string' && typeof rawId !== 'number') {
        return this.#subscriptionError(connection, name, 'channel_data needs a user_id', 400)
      }
      const userId = String(rawId)
      if (connection.channels.has(name)) {
        // Rejoining: leave first so counts stay right.
        connection.channels.delete(name)
        await this.#leave(connection, name)
      }
      this.#add(connection, name)
      if (!connection.presence) connection.presence = new Map()
      connection.presence.set(name, userId)
      const result = await this.presence.join(name, connection.socketId, {
        userId,
        rawId,
        info: member.user_info ?? null,
      })
      if (connection.ws.readyState !== WebSocket.OPEN || !connection.channels.has(name)) return
      this.#send(
        connection,
        'pusher_internal:subscription_succeeded',
        presencePayload(result.members),
        name
      )
      if (result.first) {
        this.#internal(
          name,
          'pusher_internal:member_added',
          { user_id: rawId, user_info: member.user_info ?? null },
          connection.socketId
        )
      }
      return
    }

    this.#add(connection, name)
    this.#send(connection, 'pusher_internal:subscription_succeeded', {}, name)
  }

  #add(connection: Connection, name: string) {
    connection.channels.add(name)
    let subscribers = this.channels.get(name)
    if (!subscribers) this.channels.set(name, (subscribers = new Set()))
    subscribers.add(connection)
  }

  async #leave(connection: Connection, name: string) {
    const subscribers = this.channels.get(name)
    if (subscribers) {
      subscribers.delete(connection)
      if (subscribers.size === 0) this.channels.delete(name)
    }
    const userId = connection.presence?.get(name)
    if (userId === undefined) return
    connection.presence!.delete(name)
    try {
      const last = await this.presence.leave(name, connection.socketId, userId)
      if (last) {
        this.#internal(name, 'pusher_internal:member_removed', { user_id: userId }, null)
      }
    } catch (error) {
      this.log.error({ err: error }, 'realtime: presence leave failed')
    }
  }

  #signin(connection: Connection, payload: Record<string, unknown>) {
    const userData = payload.user_data
    if (typeof userData !== 'string') {
      return this.#refuse(connection.ws, CLOSE.UNAUTHORIZED, 'Invalid user data')
    }
    const signed = `${connection.socketId}::user::${userData}`
    if (!verifyAuth(this.config.key, this.config.secret, payload.auth, signed)) {
      return this.#refuse(connection.ws, CLOSE.UNAUTHORIZED, 'Invalid signature')
    }
    let user: { id?: unknown }
    try {
      user = JSON.parse(userData)
    } catch {
      return this.#refuse(connection.ws, CLOSE.UNAUTHORIZED, 'Invalid user data')
    }
    if (typeof user?.id !== 'string' && typeof user?.id !== 'number') {
      return this.#refuse(connection.ws, CLOSE.UNAUTHORIZED, 'user_data needs an id')
    }
    const previous = connection.userId
    if (previous !== null && previous !== String(user.id)) {
      connection.channels.delete(USER_CHANNEL_PREFIX + previous)
      void this.#leave(connection, USER_CHANNEL_PREFIX + previous)
    }
    connection.userId = String(user.id)
    this.#send(connection, 'pusher:signin_success', { user_data: userData })
  }

  /** Closes every connection signed in (pusher:signin) as `userId` on this node. */
  terminateUser(userId: string) {
    for (const connection of this.connections.values()) {
      if (connection.userId === userId) connection.ws.close(CLOSE.UNAUTHORIZED, 'Signed out')
    }
  }

  /**
   * Records that `session` of `userId` authorised a subscription of
   * `socketId` (called by /broadcasting/auth), here or on the node holding it.
   */
  bindSession(socketId: string, userId: string, session: string) {
    const connection = this.connections.get(socketId)
    if (connection) connection.session = { userId, session }
    return connection !== undefined
  }

  bindSessionEverywhere(socketId: string, userId: string, session: string) {
    if (!this.bindSession(socketId, userId, session)) {
      this.cluster?.bindSession(socketId, userId, session)
    }
  }

  /**
   * Closes the sockets bound to these sessions on this node. A signed-out
   * session (`only`: logout) gets 4009, which clients do not retry: its tab is
   * leaving for the sign-in page anyway. Revoked other devices (`except`) get
   * 4200: they reconnect at once, their channel auth is refused, and their
   * pages' catch-up reload lands them on the sign-in page.
   */
  terminateSessions(userId: string, scope: SessionScope) {
    for (const connection of this.connections.values()) {
      const bound = connection.session
      if (!bound || bound.userId !== userId) continue
      if (scope.only !== undefined && bound.session !== scope.only) continue
      if (scope.except !== undefined && bound.session === scope.except) continue
      connection.session = null
      if (scope.only !== undefined) connection.ws.close(CLOSE.UNAUTHORIZED, 'Signed out')
      else connection.ws.close(CLOSE.RECONNECT, 'Session ended')
    }
  }

  terminateSessionsEverywhere(userId: string, scope: SessionScope) {
    this.terminateSessions(userId, scope)
    this.cluster?.terminateSessions(userId, scope)
  }

  /** Closes `userId`'s connections on every node (the HTTP API's terminate_connections). */
  terminateUserEverywhere(userId: string) {
    this.terminateUser(userId)
    this.cluster?.terminateUser(userId)
  }

  // ---------------------------------------------------------------- sending

  #send(connection: Connection, event: string, data: unknown, channel?: string) {
    const message: Record<string, unknown> = { event, data: JSON.stringify(data) }
    if (channel) message.channel = channel
    this.#sendFrame(connection, Buffer.from(JSON.stringify(message)))
  }

  #sendFrame(connection: Connection, frame: Buffer) {
    const ws = connection.ws
    if (ws.readyState !== WebSocket.OPEN) return
    if (ws.bufferedAmount > MAX_BUFFERED) {
      ws.close(CLOSE.OVER_CAPACITY, 'Client is not reading its messages')
      return
    }
    ws.send(frame, { binary: false, compress: false })
  }

  /**
   * Writes a ready-made frame straight to the connection's TCP socket. Safe
   * because this server never compresses and never queues in ws's sender
   * (no permessage-deflate, no Blob data): ws writes its own frames the
   * same way, immediately.
   */
  #writeFrame(connection: Connection, frame: Buffer) {
    const ws = connection.ws
    if (ws.readyState !== WebSocket.OPEN) return
    const socket = (ws as unknown as { _socket?: Duplex })._socket
    if (!socket || !socket.writable) return
    if (ws.bufferedAmount > MAX_BUFFERED) {
      ws.close(CLOSE.OVER_CAPACITY, 'Client is not reading its messages')
      return
    }
    socket.write(frame)
  }

  #error(connection: Connection, code: number | null, message: string, channel?: string) {
    const frame: Record<string, unknown> = { event: 'pusher:error', data: { code, message } }
    if (channel) frame.channel = channel
    this.#sendFrame(connection, Buffer.from(JSON.stringify(frame)))
  }

  #subscriptionError(connection: Connection, channel: string, error: string, status: number) {
    this.#send(
      connection,
      'pusher:subscription_error',
      { type: 'AuthError', error, status },
      channel
    )
  }
}
