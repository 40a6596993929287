import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'

/**
 * Sends a notification e-mail now. A mail server failure must not undo or
 * hide the change that triggered the mail (an approval stays an approval),
 * so the failure is logged and reported to the caller as `false`.
 */
export async function sendNotification(message: BaseMail): Promise<boolean> {
  try {
    await mail.send(message)
    return true
  } catch (error) {
    logger.error(
      { err: error, mail: message.constructor.name },
      'could not send a notification e-mail'
    )
    return false
  }
}
