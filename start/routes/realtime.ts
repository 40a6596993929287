import router from '@adonisjs/core/services/router'

const BroadcastingController = () => import('#controllers/realtime/broadcasting_controller')
const EventsApiController = () => import('#controllers/realtime/events_api_controller')

/**
 * Realtime (issue 4 §1). The websocket itself is served on /app/:key by the
 * realtime provider (an upgrade, not a route).
 *
 * Channel / user authentication: session + CSRF header, or `Authorization:
 * Bearer <personal access token>` (no session, no CSRF: isBearerRealtimeRequest
 * in app/middleware/web_only.ts); 403 when refused.
 */
router.post('/broadcasting/auth', [BroadcastingController, 'auth']).as('broadcasting.auth')
router
  .post('/broadcasting/user-auth', [BroadcastingController, 'userAuth'])
  .as('broadcasting.user_auth')

/**
 * The Pusher HTTP API, signed with the app secret (no session, no CSRF:
 * config/shield.ts exempts these patterns).
 */
router
  .group(() => {
    router.post('/events', [EventsApiController, 'events']).as('events')
    router.post('/batch_events', [EventsApiController, 'batch']).as('batch_events')
    router.get('/channels', [EventsApiController, 'channels']).as('channels')
    router.get('/channels/:channel', [EventsApiController, 'channel']).as('channel')
    router.get('/channels/:channel/users', [EventsApiController, 'users']).as('channel_users')
    router
      .post('/users/:userId/terminate_connections', [EventsApiController, 'terminate'])
      .as('terminate_connections')
  })
  .prefix('/apps/:appId')
  .as('realtime')
