import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { defineConfig, transports } from '@adonisjs/mail'

/**
 * SMTP when SMTP_HOST is set. Without it, outside production, mails go to
 * the development outbox (a table shown at /dev/outbox) so a newcomer can
 * click verification and reset links.
 */
const smtpConfigured = Boolean(env.get('SMTP_HOST'))

const mailConfig = defineConfig({
  default: smtpConfigured || app.inProduction ? 'smtp' : 'outbox',
  from: {
    address: env.get('MAIL_FROM_ADDRESS') ?? 'huddle@localhost',
    name: env.get('MAIL_FROM_NAME') ?? 'Huddle',
  },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? '127.0.0.1',
      port: env.get('SMTP_PORT') ?? 587,
      secure: env.get('SMTP_SECURE') ?? false,
      auth: env.get('SMTP_USERNAME')
        ? {
            type: 'login',
            user: env.get('SMTP_USERNAME')!,
            pass: env.get('SMTP_PASSWORD')?.release() ?? '',
          }
        : undefined,
    }),
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
