import { isIPv4 } from 'node:net'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/**
 * Who may read the development mail outbox (issue 16 item 9). It holds
 * password reset links, so a guest reading it could take over any account.
 * Outside production it answers:
 * - anyone when the server listens on a loopback address only and the
 *   request reached it directly from this machine: a loopback peer and no
 *   forwarding header (behind a local reverse proxy every request comes from
 *   loopback, so a forwarded request is not "local");
 * - otherwise only a signed-in admin.
 */

/** localhost, 127.0.0.0/8, ::1 and their IPv4-mapped forms; not 0.0.0.0 or ::. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  const name = String(host ?? '')
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  const v4 = name.startsWith('::ffff:') ? name.slice(7) : name
  if (isIPv4(v4)) return v4.startsWith('127.')
  return name === '::1' || name === '0:0:0:0:0:0:0:1'
}

/** Headers a proxy adds: their presence means the real client is elsewhere. */
const FORWARDING =
  /^(forwarded|via|x-forwarded-.*|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip|x-original-forwarded-for)$/i

export function isForwarded(headers: Record<string, unknown>) {
  return Object.keys(headers).some((name) => FORWARDING.test(name))
}

/** The request came straight from this machine to a server only this machine can reach. */
export function isDirectLocalRequest(ctx: HttpContext) {
  if (!isLoopbackHost(env.get('HOST'))) return false
  const peer = ctx.request.request.socket?.remoteAddress
  if (!peer || !isLoopbackHost(peer)) return false
  return !isForwarded(ctx.request.headers())
}

export function mayReadOutbox(ctx: HttpContext) {
  return isDirectLocalRequest(ctx) || ctx.auth.user?.role === 'admin'
}

export const OUTBOX_REFUSED =
  'The mail outbox opens only on the server’s own machine (http://localhost), or for a signed-in administrator.'
