import logger from '@adonisjs/core/services/logger'
import type { EventsList } from '@adonisjs/core/types'

/** Mail side effects. Registered in start/events.ts. */
export default class Mail {
  /**
   * Mails queued with sendLater (verification, password reset, admin
   * notices) are sent after the response; a failure would otherwise go
   * unnoticed.
   */
  queuedMailError({ error, mailerName }: EventsList['queued:mail:error']) {
    logger.error({ err: error, mailer: mailerName }, 'A queued e-mail could not be sent')
  }
}
