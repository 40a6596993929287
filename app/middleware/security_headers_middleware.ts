import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Baseline security headers on every response (SECURITY.md T9), including
 * those that never reach shield: static files, the Vite assets and errors
 * raised before the router middleware (body too large, malformed JSON).
 *
 * They are set on the raw Node response before anything else runs, so
 * shield's per-request CSP (with the script nonce) and its HSTS / nosniff
 * replace them on routed responses, and static files keep them.
 */
export const BASELINE_HEADERS: Record<string, string> = {
  // A document that is not a page of the app (an SVG or HTML file from
  // public/, an error body) gets no scripts, styles, frames or plugins.
  'Content-Security-Policy':
    "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

export default class SecurityHeadersMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(BASELINE_HEADERS))
      response.response.setHeader(name, value)
    return next()
  }
}
