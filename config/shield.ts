import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

/**
 * Stricter than shield's defaults (SECURITY.md §6.7): CSP on every response
 * with nonces for scripts, HSTS for a year, no framing, no sniffing.
 */
const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, '@nonce'],
      styleSrc: [`'self'`, `'unsafe-inline'`],
      imgSrc: [`'self'`, 'data:', 'blob:'],
      mediaSrc: [`'self'`, 'blob:'],
      fontSrc: [`'self'`, 'data:'],
      connectSrc: app.inProduction ? [`'self'`] : [`'self'`, 'ws:'],
      objectSrc: [`'none'`],
      baseUri: [`'none'`],
      formAction: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // The Pusher HTTP API is signed with the app secret instead (start/routes/realtime.ts).
    exceptRoutes: ['/apps/:appId/events', '/apps/:appId/batch_events'],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '365 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
