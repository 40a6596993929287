import { Agent } from 'node:https'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import webpush from 'web-push'
import app from '@adonisjs/core/services/app'
import env from '#start/env'

/**
 * Web Push without a vendor (issue 15 §2): the standard protocol (RFC 8030,
 * payload encrypted with aes128gcm per RFC 8291, VAPID per RFC 8292) through
 * the `web-push` library, to the push service each browser chose.
 *
 * A push endpoint is a URL a browser hands us, so the server must never be
 * made to call into its own network with it (SSRF): https only, and every
 * address the host stands for must be public unicast — checked when a
 * browser subscribes and again at connect time (a name may resolve
 * elsewhere later). Only the test suite lets loopback through, for its own
 * push service on 127.0.0.1.
 */
export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** The VAPID key pair (generated into .env on first run), or null: push is off. */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env.get('VAPID_PUBLIC_KEY')
  const privateKey = env.get('VAPID_PRIVATE_KEY')?.release()
  if (!publicKey || !privateKey) return null
  const subject =
    env.get('VAPID_SUBJECT') ?? `mailto:${env.get('MAIL_FROM_ADDRESS') || 'huddle@localhost'}`
  return { publicKey, privateKey, subject }
}

/** Loopback and private push services are refused, except in the test suite. */
function privateHostsAllowed() {
  return app.inTest && privateAllowedInTests
}
let privateAllowedInTests = true

/** Tests of the SSRF guard turn the test exception off for a while. */
export function allowPrivatePushHostsInTests(allowed: boolean) {
  privateAllowedInTests = allowed
}

/** True for a public unicast address (IPv4-mapped IPv6 is judged as IPv4). */
export function isPublicAddress(address: string) {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

export const ENDPOINT_MAX_LENGTH = 2048

/**
 * Why `raw` may not be used as a push endpoint, or null when it may: an
 * https URL without credentials whose host is (or resolves to) public
 * addresses only.
 */
export async function pushEndpointProblem(raw: string): Promise<string | null> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'The push endpoint must be a URL.'
  }
  if (raw.length > ENDPOINT_MAX_LENGTH) return 'The push endpoint is too long.'
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.'
  if (url.username || url.password) return 'The push endpoint must not hold credentials.'
  if (privateHostsAllowed()) return null
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : await resolveAll(host)
  if (addresses === null) return 'The push service could not be found.'
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    return 'The push endpoint must be a public push service.'
  return null
}

function resolveAll(host: string): Promise<string[] | null> {
  return new Promise((resolve) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, found) =>
      resolve(error ? null : found.map((entry) => entry.address))
    )
  )
}

/**
 * The connection's DNS look-up refuses non-public addresses, so a push
 * service name that resolves into our network later is never called.
 */
function publicOnlyLookup(
  hostname: string,
  options: object,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void
) {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '')
    const refused = found.find((entry) => !isPublicAddress(entry.address))
    if (refused) {
      return callback(new Error(`push service ${hostname} resolves to a non-public address`), '')
    }
    const all = (options as { all?: boolean }).all
    if (all) return callback(null, found)
    callback(null, found[0].address, found[0].family)
  })
}

let extraCa: string | null = null

/** The test suite's push service has a self-signed certificate: trust it (tests only). */
export function trustPushServiceCertificate(ca: string | null) {
  if (!app.inTest) throw new Error('Only the test suite may add a trusted certificate')
  extraCa = ca
  agent = null
}

let agent: Agent | null = null
function pushAgent() {
  if (!agent) {
    agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      ...(privateHostsAllowed() ? {} : { lookup: publicOnlyLookup as any }),
      ...(extraCa ? { ca: extraCa } : {}),
    })
  }
  return agent
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** What a push carries: the notification's title and link, nothing more. */
export interface PushPayload {
  title: string
  url: string
}

export type PushOutcome = 'sent' | 'gone' | 'refused'

/**
 * Sends one push. 'gone': the push service no longer knows the
 * subscription (404/410: remove it); 'refused': a permanent refusal (bad
 * request, payload too large, an endpoint that is not a public https URL);
 * anything else (network, 429, 5xx) throws, for the job queue to retry.
 */
export async function sendPush(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
  const keys = vapidKeys()
  if (!keys) return 'refused'
  if (await pushEndpointProblem(target.endpoint)) return 'refused'
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: keys,
        TTL: 24 * 60 * 60,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        agent: pushAgent(),
      }
    )
    return 'sent'
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode
    if (status === 404 || status === 410) return 'gone'
    if (status === 400 || status === 403 || status === 413) return 'refused'
    throw error
  }
}
