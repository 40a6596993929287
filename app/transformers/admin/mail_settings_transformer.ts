import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SmtpSettings } from '#services/settings'
import { smtpFormValues } from '#services/mail_settings'

export interface MailSettingsRecord {
  smtp: SmtpSettings | null
  /** Where mails go when no SMTP server is set here: the .env SMTP server or the development outbox. */
  fallback: 'env-smtp' | 'outbox'
}

/**
 * Settings/AppSetting's SMTP form (`Data.Admin.MailSettings`). The password
 * never leaves the server: `passwordSet` says whether one is stored.
 */
export default class MailSettingsTransformer extends BaseTransformer<MailSettingsRecord> {
  toObject() {
    return { ...smtpFormValues(this.resource.smtp), fallback: this.resource.fallback }
  }
}
