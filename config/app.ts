import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { serializeJSON } from '#services/json_body'

/**
 * The app key encrypts cookies and signs URLs (e-mail verification links).
 * Losing or changing it signs everybody out and voids pending links.
 */
export const appKey = env.get('APP_KEY')

/**
 * Public base URL, used in links sent by e-mail.
 */
export const appUrl = env.get('APP_URL')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // Native JSON.stringify first, the safe serializer as fallback (see the service).
  serializeJSON,
  /**
   * Query-string limits from the product specification.
   */
  qs: {
    parse: { depth: 5, arrayLimit: 20, parameterLimit: 1000, allowSparse: false },
    stringify: { encode: true, skipNulls: false, encodeValuesOnly: false, arrayFormat: 'indices' },
  },
  /**
   * Trust X-Forwarded-* only from loopback proxies, so a client cannot
   * pick its own IP (rate limits and lockouts key on it).
   */
  trustProxy: (address) => address === '127.0.0.1' || address === '::1',
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
