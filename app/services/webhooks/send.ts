import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import {
  FORBIDDEN_ADDRESS_MESSAGE,
  guardedLookup,
  isForbiddenAddress,
  privateAddressesAllowed,
} from '#services/webhooks/address_guard'
import { SIGNATURE_HEADER, signatureHeader } from '#services/webhooks/signature'

/** A webhook request gives up after this long (connect + answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** What is kept of an answer (nothing of it is stored but its status). */
const MAX_ANSWER_BYTES = 64 * 1024

export interface WebhookAttempt {
  /** The HTTP status, or null when there was none (network error, timeout, refused address). */
  status: number | null
  durationMs: number
  error: string | null
}

/**
 * POSTs one signed webhook body: JSON, `Huddle-Signature`, `Huddle-Event`,
 * `Huddle-Delivery`; no redirects followed, at most WEBHOOK_TIMEOUT_MS, the
 * SSRF guard on the address connected to. Never throws.
 */
export function postWebhook(input: {
  url: string
  secret: string
  event: string
  deliveryId: number
  body: string
  timeoutMs?: number
}): Promise<WebhookAttempt> {
  const started = performance.now()
  const done = (status: number | null, error: string | null): WebhookAttempt => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  })
  let target: URL
  try {
    target = new URL(input.url)
  } catch {
    return Promise.resolve(done(null, 'Invalid URL'))
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve(done(null, 'Only http and https URLs are allowed'))
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '')
  if (isIP(literal) && !privateAddressesAllowed() && isForbiddenAddress(literal)) {
    return Promise.resolve(done(null, FORBIDDEN_ADDRESS_MESSAGE))
  }
  const client = target.protocol === 'https:' ? https : http
  const timeout = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  return new Promise((resolve) => {
    let settled = false
    const finish = (status: number | null, error: string | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(done(status, error))
    }
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup as any,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Huddle-Webhooks/1',
          'huddle-event': input.event,
          'huddle-delivery': String(input.deliveryId),
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(input.secret, input.body),
        },
      },
      (response) => {
        let received = 0
        response.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (received > MAX_ANSWER_BYTES) response.destroy()
        })
        response.on('end', () => finish(response.statusCode ?? null, null))
        response.on('close', () => finish(response.statusCode ?? null, null))
        response.on('error', () => finish(response.statusCode ?? null, null))
      }
    )
    // The whole exchange, not only idle time.
    const timer = setTimeout(() => {
      request.destroy()
      finish(null, `No answer within ${Math.round(timeout / 1000)} s`)
    }, timeout)
    request.on('error', (error) => finish(null, error.message.slice(0, 300)))
    request.end(input.body)
  })
}
