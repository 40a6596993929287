/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| One file per domain under start/routes/. The catch-all at the end renders
| Errors/NotFound (404) for unknown URLs, with the full page shell.
|
*/
import router from '@adonisjs/core/services/router'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'

await import('#start/routes/feeds')
await import('#start/routes/engagement')
await import('#start/routes/auth')
await import('#start/routes/profile')
await import('#start/routes/admin')
await import('#start/routes/dev')
await import('#start/routes/posts')
await import('#start/routes/people')
await import('#start/routes/notifications')
await import('#start/routes/realtime')
await import('#start/routes/messages')
await import('#start/routes/albums')
await import('#start/routes/search')
await import('#start/routes/api')
await import('#start/routes/admin_tokens')
await import('#start/routes/admin_webhooks')
await import('#start/routes/push')
await import('#start/routes/notification_settings')

router
  .any('*', () => {
    throw new E_NOT_FOUND()
  })
  .as('not_found')
