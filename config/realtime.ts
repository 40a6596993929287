import { createHmac } from 'node:crypto'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { http } from '#config/app'

/**
 * Realtime (PRODUCT §10, ARCHITECTURE "Realtime"), with the variable names
 * Laravel users know. `npm start` / `npm test` generate REVERB_APP_ID, KEY
 * and SECRET into .env on first run (scripts/prepare_env.mjs); a process
 * started without them derives stable values from APP_KEY, so every node
 * sharing APP_KEY agrees.
 *
 * BROADCAST_CONNECTION:
 *  - `reverb` (default): the app's own Pusher-protocol server at /app/:key on
 *    the app port; with REDIS_URL, events and presence are shared by every
 *    app process through Redis.
 *  - `pusher`: publish to an external Pusher-protocol engine (Soketi, Reverb,
 *    Pusher) at REVERB_HOST:REVERB_PORT over its signed HTTP API; browsers
 *    connect to that engine. The embedded server is not started.
 *
 * Only key, host, port and scheme ever reach the browser; never the secret.
 */
function derived(purpose: string, length: number) {
  const digest = createHmac('sha256', env.get('APP_KEY').release())
    .update(`huddle-realtime:${purpose}`)
    .digest('hex')
  return digest.slice(0, length)
}

const appUrl = new URL(env.get('APP_URL'))

function origins() {
  const list = (env.get('REVERB_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return list.length ? list : [appUrl.origin]
}

const realtimeConfig = {
  connection: env.get('BROADCAST_CONNECTION') ?? 'reverb',
  appId: env.get('REVERB_APP_ID') ?? String(Number.parseInt(derived('id', 6), 16)),
  key: env.get('REVERB_APP_KEY') ?? derived('key', 20),
  secret: env.get('REVERB_APP_SECRET')?.release() ?? derived('secret', 40),

  /**
   * Where browsers connect (and, with `pusher`, where the app publishes).
   * Unset: the origin of the page being served, with TLS in production
   * (see clientRealtimeConfig).
   */
  host: env.get('REVERB_HOST') ?? null,
  port: env.get('REVERB_PORT') ?? null,
  scheme: env.get('REVERB_SCHEME') ?? (app.inProduction ? 'https' : null),

  /** Origins allowed to open a websocket ('*' allows any); the page's own origin always is. */
  allowedOrigins: origins(),
  /** Seconds of silence before the client pings (announced to clients). */
  activityTimeout: 30,
  /** Seconds the server waits for a pong before closing (4201). */
  pongTimeout: 15,
  /** Largest frame a client may send (Pusher's limit, 10 KB). */
  maxMessageSize: 10 * 1024,
  /** Channels one connection may hold. */
  maxChannelsPerConnection: 100,
  /**
   * Open websocket connections one client address may hold (0: no cap);
   * beyond it the socket is closed with 4100 "over capacity". Generous: a
   * whole office behind one NAT, a few tabs each. REVERB_MAX_CONNECTIONS_PER_IP.
   */
  maxConnectionsPerIp: env.get('REVERB_MAX_CONNECTIONS_PER_IP') ?? 200,
  /** Proxies whose X-Forwarded-For names the client (the HTTP server's rule, config/app.ts). */
  trustProxy: (address: string) => http.trustProxy(address, 0),
  /** Client events (client-*) are refused. */
  clientEvents: false,
  /** Seconds an HTTP API signature stays valid (auth_timestamp skew). */
  signatureTtl: 600,
}

export default realtimeConfig
export type RealtimeConfig = typeof realtimeConfig

/** What the page reads from the request it was served for (an Adonis `Request` has both). */
export interface PageRequest {
  /** `http` or `https`: X-Forwarded-Proto when the proxy is trusted (config/app.ts trustProxy). */
  protocol(): string
  /** The Host (or trusted X-Forwarded-Host) header, port included: `localhost:3333`. */
  host(): string | null
}

export interface ClientRealtimeConfig {
  key: string
  host: string
  port: number
  scheme: 'http' | 'https'
}

/** `example.com:8443` → ['example.com', 8443]; `[::1]:3333` → ['[::1]', 3333]; no port → null. */
function splitHost(value: string): [string, number | null] {
  const match = value.match(/^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/)
  if (!match) return [value, null]
  return [match[1], match[2] ? Number(match[2]) : null]
}

/**
 * Where the browser's Echo connects (no secret), decided by the server for
 * the page it is serving, so one production build works anywhere:
 *
 * - REVERB_HOST / REVERB_PORT / REVERB_SCHEME win when set (an external
 *   engine with BROADCAST_CONNECTION=pusher, or a proxy in front of the app
 *   on another name or port);
 * - otherwise the embedded server, which listens on the app's own port:
 *   the origin the browser asked for, from the request (its Host header and
 *   protocol; X-Forwarded-Proto / -Host only from the trusted proxies of
 *   config/app.ts). `npm start` on a laptop: ws://localhost:3333; behind a
 *   TLS proxy: wss://huddle.example.com:443;
 * - in production the scheme is https unless REVERB_SCHEME says otherwise
 *   (a proxy the app does not trust may hide that the browser used TLS),
 *   on port 443 unless the browser's own https URL names another.
 */
export function clientRealtimeConfig(
  request: PageRequest,
  settings: Pick<RealtimeConfig, 'key' | 'host' | 'port' | 'scheme'> = realtimeConfig
): ClientRealtimeConfig {
  const requestScheme = request.protocol() === 'https' ? 'https' : 'http'
  const scheme = settings.scheme ?? requestScheme
  const standard = scheme === 'https' ? 443 : 80
  const [requestHost, requestPort] = splitHost(request.host() ?? appUrl.host)
  let port: number
  if (settings.port) port = settings.port
  else if (settings.host) port = standard
  else port = scheme === requestScheme ? (requestPort ?? standard) : standard
  return { key: settings.key, host: settings.host ?? requestHost, port, scheme }
}

/**
 * Where browsers open the websocket, for CSP connect-src: the configured
 * host, or the app's own (APP_URL), with wss when TLS is on. ('self' covers
 * the page's own ws/wss in current browsers; this is explicit for the rest.)
 */
export function realtimeConnectSources() {
  const host = realtimeConfig.host ?? appUrl.hostname
  const secure = realtimeConfig.scheme
    ? realtimeConfig.scheme === 'https'
    : appUrl.protocol === 'https:'
  const port = realtimeConfig.port ?? (realtimeConfig.host ? null : appUrl.port || null)
  return [`${secure ? 'wss' : 'ws'}://${host}${port ? `:${port}` : ''}`]
}
