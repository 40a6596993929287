import env from '#start/env'
import { defineConfig } from '@adonisjs/cors'
import { isApiPath } from '#services/api/scopes'

/**
 * CORS for the public API only (/api/v1), closed by default: a browser
 * page of another origin may call the API only when its origin is listed
 * in API_CORS_ORIGINS (comma-separated, exact origins). No credentials:
 * the API reads a bearer token, never a cookie. The web app's own routes
 * never answer cross-origin requests (SECURITY 3.4.2).
 */
export function apiCorsOrigins(raw = env.get('API_CORS_ORIGINS') ?? '') {
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0)
}

const corsConfig = defineConfig({
  enabled: (ctx) => isApiPath(ctx.request.url()),
  origin: (origin) => apiCorsOrigins().includes(origin),
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  headers: ['authorization', 'content-type', 'if-none-match', 'accept'],
  exposeHeaders: [
    'etag',
    'link',
    'retry-after',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'ratelimit-policy',
    'x-request-id',
  ],
  credentials: false,
  maxAge: 600,
})

export default corsConfig
