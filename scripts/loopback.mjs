// Whether a listen address (HOST) only accepts connections from this
// machine. Plain Node ESM, no dependencies: used by scripts/start.mjs; the
// server's own copy is app/services/dev_outbox_access.ts (a unit test checks
// both give the same answers).
import { isIPv4 } from 'node:net'

/** localhost, 127.0.0.0/8, ::1 and their IPv4-mapped forms; not 0.0.0.0 or ::. */
export function isLoopbackHost(host) {
  const name = String(host ?? '')
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  const v4 = name.startsWith('::ffff:') ? name.slice(7) : name
  if (isIPv4(v4)) return v4.startsWith('127.')
  return name === '::1' || name === '0:0:0:0:0:0:0:1'
}

/**
 * The warning `npm start` prints when a development server listens where
 * other machines can reach it, or null when there is nothing to say.
 */
export function exposureWarning({ nodeEnv, host, port }) {
  if (nodeEnv !== 'development' || isLoopbackHost(host)) return null
  const bar = '!'.repeat(78)
  return [
    bar,
    `!! WARNING: development mode listening on ${host}:${port}, reachable from other machines.`,
    '!! Development mode shows detailed error pages and seeds demo accounts with a',
    '!! known password. The mail outbox (/dev/outbox, password reset links) opens',
    '!! only to a signed-in admin from elsewhere, but do not expose this instance.',
    '!! Set NODE_ENV=production in .env to serve your team, or HOST=localhost.',
    bar,
  ].join('\n')
}
