import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { settingsSmtpTransport } from '#services/mail_settings'

/**
 * The app's default mailer (config/mail.ts): at send time, the SMTP server
 * set on Settings/AppSetting when there is one (read from the settings, so
 * a change applies to the next mail, queued ones included), otherwise
 * `fallback` (the .env SMTP server, or the development outbox).
 */
export class SettingsMailTransport implements MailTransportContract {
  constructor(private fallback: () => MailTransportContract) {}

  async send(message: NodeMailerMessage, config?: unknown) {
    const smtp = await settingsSmtpTransport()
    if (!smtp) return this.fallback().send(message, config)
    try {
      return await smtp.send(message)
    } finally {
      await smtp.close()
    }
  }
}
