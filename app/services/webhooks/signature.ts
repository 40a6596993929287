import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Signatures of outgoing webhooks (issue 14), Stripe style:
 *
 *   Huddle-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *
 * The receiver recomputes the HMAC over the timestamp, a dot and the raw
 * body bytes with the endpoint's secret, compares in constant time, and
 * refuses a timestamp older than a few minutes (replays).
 */
export const SIGNATURE_HEADER = 'Huddle-Signature'

/** A new endpoint secret (`whsec_` + 32 random bytes, base64url). */
export function generateWebhookSecret() {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

export function signatureHex(secret: string, timestamp: number, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

export function signatureHeader(secret: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000)
  return `t=${timestamp},v1=${signatureHex(secret, timestamp, body)}`
}

/** What a receiver does (used by the tests' receiver and documented in the README). */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {}
) {
  if (!header) return false
  const parts = new Map(
    header.split(',').map((part) => {
      const index = part.indexOf('=')
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const
    })
  )
  const timestamp = Number(parts.get('t'))
  const given = parts.get('v1') ?? ''
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false
  const expected = signatureHex(secret, timestamp, body)
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))
}
