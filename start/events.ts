/*
|--------------------------------------------------------------------------
| Domain events
|--------------------------------------------------------------------------
|
| Listeners for domain events are wired here.
|
*/
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'

/**
 * Mails queued with sendLater (verification, password reset, admin notices)
 * are sent after the response; a failure would otherwise go unnoticed.
 */
emitter.on('queued:mail:error', ({ error, mailerName }) => {
  logger.error({ err: error, mailer: mailerName }, 'A queued e-mail could not be sent')
})

/** Notifications and live feed updates (issue 4). */
await import('#listeners/notifications')
