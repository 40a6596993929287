import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { realtimeConnectSources } from '#config/realtime'

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
      // 'self' covers ws(s):// on the app's own host; an external engine is added.
      connectSrc: [`'self'`, ...(app.inProduction ? [] : ['ws:']), ...realtimeConnectSources()],
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
    exceptRoutes: [
      '/apps/:appId/events',
      '/apps/:appId/batch_events',
      '/apps/:appId/users/:userId/terminate_connections',
      // RFC 8058 one-click unsubscribe: the mail client POSTs the signed link.
      '/email/unsubscribe/:id',
    ],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '365 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
