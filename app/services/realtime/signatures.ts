import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Pusher protocol signatures (https://pusher.com/docs/channels/library_auth_reference/auth-signatures/).
 * All HMAC-SHA256 with the app secret, compared in constant time.
 */
export function hmac(secret: string, payload: string) {
  return createHmac('sha256', secret).update(payload).digest('hex')
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The string signed to subscribe `socketId` to `channel` (presence: plus its channel_data). */
export function channelSigningString(socketId: string, channel: string, channelData?: string) {
  return channelData === undefined
    ? `${socketId}:${channel}`
    : `${socketId}:${channel}:${channelData}`
}

/** `key:signature` for a private / presence subscription. */
export function channelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string
) {
  return `${key}:${hmac(secret, channelSigningString(socketId, channel, channelData))}`
}

/** `key:signature` for `pusher:signin` (user authentication). */
export function userAuth(key: string, secret: string, socketId: string, userData: string) {
  return `${key}:${hmac(secret, `${socketId}::user::${userData}`)}`
}

/** Whether `auth` ("key:signature") is the expected one for this key and payload. */
export function verifyAuth(key: string, secret: string, auth: unknown, signingString: string) {
  if (typeof auth !== 'string') return false
  const index = auth.indexOf(':')
  if (index < 0) return false
  const givenKey = auth.slice(0, index)
  const signature = auth.slice(index + 1)
  const expected = hmac(secret, signingString)
  // Both compared, always: no early exit that would time the key check.
  const keyOk = safeEqual(givenKey, key)
  const signatureOk = safeEqual(signature, expected)
  return keyOk && signatureOk
}

export function md5(body: string | Buffer) {
  return createHash('md5').update(body).digest('hex')
}

/**
 * The HTTP API request signature: "METHOD\nPATH\nsorted query" signed with
 * the secret, `auth_signature` itself left out of the query.
 */
export function httpSigningString(method: string, path: string, query: Record<string, string>) {
  const pairs = Object.keys(query)
    .filter((name) => name !== 'auth_signature')
    .map((name) => [name.toLowerCase(), query[name]] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
  return `${method.toUpperCase()}\n${path}\n${pairs.join('&')}`
}

export type HttpVerification =
  { ok: true } | { ok: false; status: 401 | 403 | 400; message: string }

/**
 * Checks a signed HTTP API request (auth_key, auth_timestamp, auth_version,
 * body_md5 for bodies, auth_signature).
 */
export function verifyHttpRequest(options: {
  key: string
  secret: string
  method: string
  path: string
  query: Record<string, unknown>
  rawBody: string | null
  ttlSeconds: number
  now?: number
}): HttpVerification {
  const query: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.query)) {
    if (typeof value !== 'string')
      return { ok: false, status: 400, message: `Query parameter ${name} must appear once` }
    query[name] = value
  }
  if (!query.auth_key || !query.auth_timestamp || !query.auth_signature || !query.auth_version)
    return { ok: false, status: 401, message: 'Missing authentication parameters' }
  if (!safeEqual(query.auth_key, options.key))
    return { ok: false, status: 401, message: 'Unknown auth_key' }
  if (query.auth_version !== '1.0')
    return { ok: false, status: 400, message: 'Unsupported auth_version' }
  const timestamp = Number(query.auth_timestamp)
  const now = (options.now ?? Date.now()) / 1000
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > options.ttlSeconds)
    return { ok: false, status: 401, message: 'Timestamp expired' }
  if (options.rawBody !== null && options.rawBody.length > 0) {
    if (!query.body_md5 || !safeEqual(query.body_md5, md5(options.rawBody)))
      return { ok: false, status: 401, message: 'body_md5 does not match the body' }
  }
  const expected = hmac(options.secret, httpSigningString(options.method, options.path, query))
  if (!safeEqual(query.auth_signature, expected))
    return { ok: false, status: 401, message: 'Invalid signature' }
  return { ok: true }
}
