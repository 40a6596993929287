import encryption from '@adonisjs/core/services/encryption'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import type { SMTPConfig } from '@adonisjs/mail/types'
import { getSettings, type SmtpSettings } from '#services/settings'

/**
 * The SMTP server set on Settings/AppSetting (issue 19 §4). Stored in
 * app_settings under `smtp`, the password encrypted with the app's
 * encryption service (APP_KEY, purpose "smtp-password"): the database alone
 * does not reveal it, and it never goes back to the browser (the form gets
 * `passwordSet`). When set, every mail goes through it
 * (SettingsMailTransport); otherwise the .env SMTP or the development
 * outbox, as before.
 */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const
export type SmtpSecurity = (typeof SMTP_SECURITY)[number]

const PASSWORD_PURPOSE = 'smtp-password'

export function encryptSmtpPassword(password: string) {
  return encryption.encrypt(password, undefined, PASSWORD_PURPOSE)
}

/** The stored password in clear, or null when none is stored or APP_KEY changed since. */
export function decryptSmtpPassword(stored: string | null): string | null {
  if (!stored) return null
  const value = encryption.decrypt<string>(stored, PASSWORD_PURPOSE)
  return typeof value === 'string' ? value : null
}

/** What the settings form shows: everything but the password. */
export function smtpFormValues(smtp: SmtpSettings | null) {
  return {
    enabled: smtp !== null,
    host: smtp?.host ?? '',
    port: smtp?.port ?? 587,
    username: smtp?.username ?? '',
    security: (smtp?.security ?? 'starttls') as SmtpSecurity,
    passwordSet: Boolean(smtp?.password),
  }
}

/** Nodemailer's options for a stored SMTP server. Short timeouts: an admin waits for the test mail. */
export function smtpTransportConfig(smtp: SmtpSettings): SMTPConfig {
  const password = decryptSmtpPassword(smtp.password)
  return {
    host: smtp.host,
    port: smtp.port,
    // tls: TLS from the first byte (usually 465); starttls: plain, then
    // STARTTLS, which must succeed (587); none: never TLS (a relay on a
    // trusted network only).
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.username ? { type: 'login', user: smtp.username, pass: password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SMTPConfig
}

/** A transport for the stored SMTP server, or null when none is set. */
export async function settingsSmtpTransport(): Promise<SMTPTransport | null> {
  const { smtp } = await getSettings()
  return smtp ? new SMTPTransport(smtpTransportConfig(smtp)) : null
}

/**
 * An SMTP error as the admin should read it: the server's own reply when it
 * gave one ("535 5.7.8 Authentication failed"), else what went wrong on the
 * way (connection refused, timeout, TLS).
 */
export function describeSmtpError(error: unknown): string {
  const e = error as { response?: string; code?: string; message?: string }
  if (typeof e?.response === 'string' && e.response) return e.response.slice(0, 500)
  const message = String(e?.message ?? error).slice(0, 500)
  return e?.code ? `${e.code}: ${message}` : message
}
