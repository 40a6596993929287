import type { HttpContext } from '@adonisjs/core/http'
import { MAIL_FROM } from '#config/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import SettingsPolicy from '#policies/settings_policy'
import UpdateSettings from '#actions/admin/update_settings'
import { getSettings, type SmtpSettings } from '#services/settings'
import { MAX_FILES_PER_POST, serverMaxFileMb } from '#services/media_storage'
import {
  describeSmtpError,
  encryptSmtpPassword,
  smtpTransportConfig,
} from '#services/mail_settings'
import {
  smtpSettingsValidator,
  testMailValidator,
  uploadLimitsValidator,
} from '#validators/admin_system'
import { audit } from '#services/audit'

/**
 * Settings/AppSetting's upload limits and SMTP server, and the test mail
 * (issue 19 §4). Each form has its own route, so saving one never touches
 * the others; every change is in the audit log (never the password).
 */
export default class SystemSettingsController {
  async updateUploads(ctx: HttpContext) {
    const { request, response, session, bouncer } = ctx
    await bouncer.with(SettingsPolicy).authorize('update')
    const input = await request.validateUsing(uploadLimitsValidator)
    const serverMb = serverMaxFileMb()
    const errors: Record<string, string> = {}
    if (input.maxFileMb > serverMb) {
      errors.maxFileMb = `The largest file size can be at most ${serverMb} MB, this server's maximum (MEDIA_MAX_FILE_MB).`
    }
    if (input.maxFilesPerPost > MAX_FILES_PER_POST) {
      errors.maxFilesPerPost = `A post can have at most ${MAX_FILES_PER_POST} files on this server.`
    }
    if (Object.keys(errors).length) {
      session.flashErrors(errors)
      return response.redirect().back()
    }
    const changes = await new UpdateSettings().handle({
      // The server's maximum is stored as "no lower limit", so raising
      // MEDIA_MAX_FILE_MB later raises it too.
      uploadMaxFileMb: input.maxFileMb >= serverMb ? null : input.maxFileMb,
      uploadMaxFilesPerPost:
        input.maxFilesPerPost >= MAX_FILES_PER_POST ? null : input.maxFilesPerPost,
    })
    if (Object.keys(changes).length > 0) {
      await audit(ctx, 'settings.uploads_update', null, { changes })
    }
    session.flash('success', 'Upload limits saved.')
    return response.redirect().toRoute('settings.edit')
  }

  async updateMail(ctx: HttpContext) {
    const { request, response, session, bouncer } = ctx
    await bouncer.with(SettingsPolicy).authorize('update')
    const input = await request.validateUsing(smtpSettingsValidator)
    const { smtp: current } = await getSettings()

    let next: SmtpSettings | null = null
    if (input.enabled) {
      const errors: Record<string, string> = {}
      if (!input.host) errors.host = 'Enter the SMTP server (like smtp.example.com).'
      if (!input.port) errors.port = 'Enter the port (usually 587 for STARTTLS, 465 for TLS).'
      if (Object.keys(errors).length) {
        session.flashErrors(errors)
        return response.redirect().back()
      }
      const username = input.username || null
      let password = current?.password ?? null
      if (input.clearPassword || !username) password = null
      if (input.password && username) password = encryptSmtpPassword(input.password)
      next = { host: input.host!, port: input.port!, username, password, security: input.security }
    }

    const passwordChanged = (current?.password ?? null) !== (next?.password ?? null)
    const changes = await new UpdateSettings().handle({ smtp: next })
    if (Object.keys(changes).length > 0) {
      await audit(ctx, 'settings.mail_update', null, {
        changes: { smtp: { from: redact(current), to: redact(next) } },
        ...(passwordChanged ? { password: next?.password ? 'changed' : 'removed' } : {}),
      })
    }
    session.flash(
      'success',
      next ? 'SMTP settings saved: mails now go through this server.' : 'SMTP server removed.'
    )
    return response.redirect().toRoute('settings.edit')
  }

  /**
   * Sends a short mail through the saved SMTP server, at once (not queued),
   * and reports the server's answer, accepted or not.
   */
  async testMail(ctx: HttpContext) {
    const { request, response, session, bouncer, auth } = ctx
    await bouncer.with(SettingsPolicy).authorize('update')
    const { to } = await request.validateUsing(testMailValidator)
    const { smtp, teamName } = await getSettings()
    if (!smtp) {
      session.flashErrors({ testMail: 'Save an SMTP server first: the test mail goes through it.' })
      return response.redirect().back()
    }
    const transport = new SMTPTransport(smtpTransportConfig(smtp))
    try {
      const result = await transport.send({
        from: { address: MAIL_FROM.address, name: MAIL_FROM.name },
        to: [to],
        subject: `${teamName}: test mail`,
        text: `This is a test mail sent by ${auth.user!.fullName} from ${teamName}'s settings page. Mails from ${teamName} reach this address.`,
      })
      const answer = String((result.original as { response?: string })?.response ?? 'accepted')
      await audit(ctx, 'mail.test', null, {
        to,
        host: smtp.host,
        ok: true,
        answer: answer.slice(0, 200),
      })
      session.flash('success', `Test mail sent to ${to}. The SMTP server answered: ${answer}`)
    } catch (error) {
      const answer = describeSmtpError(error)
      await audit(ctx, 'mail.test', null, {
        to,
        host: smtp.host,
        ok: false,
        answer: answer.slice(0, 200),
      })
      session.flashErrors({
        testMail: `The test mail was not sent. The SMTP server answered: ${answer}`,
      })
    } finally {
      await transport.close()
    }
    return response.redirect().toRoute('settings.edit')
  }
}

/** The SMTP settings as the audit log shows them: no password, only whether one is set. */
function redact(smtp: SmtpSettings | null) {
  if (!smtp) return null
  const { password, ...rest } = smtp
  return { ...rest, password: password ? 'set' : 'none' }
}
