import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { defineConfig, transports } from '@adonisjs/mail'

/**
 * The default mailer, `app`, sends through the SMTP server set by an admin
 * on Settings/AppSetting when there is one (app/services/mail_settings.ts),
 * read at send time. Otherwise: SMTP when SMTP_HOST is set; without it,
 * outside production, the development outbox (a table shown at /dev/outbox)
 * so a newcomer can click verification and reset links.
 */
const smtpConfigured = Boolean(env.get('SMTP_HOST'))
const fallbackMailer = smtpConfigured || app.inProduction ? 'smtp' : 'outbox'

const envSmtp = {
  host: env.get('SMTP_HOST') ?? '127.0.0.1',
  port: env.get('SMTP_PORT') ?? 587,
  secure: env.get('SMTP_SECURE') ?? false,
  auth: env.get('SMTP_USERNAME')
    ? {
        type: 'login' as const,
        user: env.get('SMTP_USERNAME')!,
        pass: env.get('SMTP_PASSWORD')?.release() ?? '',
      }
    : undefined,
}

/** The sender of every mail (the test mail of Settings/AppSetting too). */
export const MAIL_FROM = {
  address: env.get('MAIL_FROM_ADDRESS') ?? 'huddle@localhost',
  name: env.get('MAIL_FROM_NAME') ?? 'Huddle',
}

const mailConfig = defineConfig({
  default: 'app',
  from: MAIL_FROM,
  mailers: {
    app: configProvider.create(async () => {
      const { SettingsMailTransport } = await import('#services/settings_mail_transport')
      const { SMTPTransport } = await import('@adonisjs/mail/transports/smtp')
      const { OutboxTransport } = await import('#services/outbox_transport')
      return () =>
        new SettingsMailTransport(() =>
          fallbackMailer === 'smtp' ? new SMTPTransport(envSmtp) : new OutboxTransport()
        )
    }),
    smtp: transports.smtp(envSmtp),
    outbox: configProvider.create(async () => {
      const { OutboxTransport } = await import('#services/outbox_transport')
      return () => new OutboxTransport()
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
