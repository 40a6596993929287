import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import SettingsPolicy from '#policies/settings_policy'
import UpdateSettings from '#actions/admin/update_settings'
import { updateSettingsValidator, MAX_TEAM_DOMAINS } from '#validators/admin'
import { getSettings } from '#services/settings'
import { audit } from '#services/audit'
import { MAX_FILES_PER_POST, serverMaxFileMb } from '#services/media_storage'
import UploadLimitsTransformer from '#transformers/admin/upload_limits_transformer'
import MailSettingsTransformer from '#transformers/admin/mail_settings_transformer'
import env from '#start/env'

/** How many recent invitations the settings page lists. */
const RECENT_INVITATIONS = 10

/** Settings/AppSetting: team identity, e-mail domains, registration mode, invitations. */
export default class SettingsController {
  async edit({ inertia, bouncer }: HttpContext) {
    await bouncer.with(SettingsPolicy).authorize('view')
    const settings = await getSettings()
    return inertia.render('Settings/AppSetting', {
      settings: {
        teamName: settings.teamName,
        teamAbbreviation: settings.teamAbbreviation,
        teamDomains: settings.teamDomains,
        registrationMode: settings.registrationMode,
        moderationPolicy: settings.moderationPolicy,
        announcementsUnmutable: settings.announcementsUnmutable,
        weeklyDigest: settings.weeklyDigest,
      },
      maxDomains: MAX_TEAM_DOMAINS,
      invitations: await this.recentInvitations(),
      // Upload limits, SMTP server and test mail: SystemSettingsController.
      uploads: UploadLimitsTransformer.transform({
        maxFileMb: settings.uploadMaxFileMb,
        maxFilesPerPost: settings.uploadMaxFilesPerPost,
        serverMaxFileMb: serverMaxFileMb(),
        serverMaxFilesPerPost: MAX_FILES_PER_POST,
      }),
      mail: MailSettingsTransformer.transform({
        smtp: settings.smtp,
        fallback: env.get('SMTP_HOST') ? 'env-smtp' : 'outbox',
      }),
    })
  }

  async update(ctx: HttpContext) {
    const { request, response, session, bouncer } = ctx
    await bouncer.with(SettingsPolicy).authorize('update')
    const input = await request.validateUsing(updateSettingsValidator)
    const teamDomains = input.teamDomains ?? []

    if (input.registrationMode === 'team_domain' && teamDomains.length === 0) {
      session.flashErrors({
        teamDomains:
          'Add at least one team e-mail domain: with "Team e-mail domains only", nobody could register otherwise.',
      })
      return response.redirect().back()
    }

    const current = await getSettings()
    const { moderationPolicy = current.moderationPolicy, ...rest } = input
    const changes = await new UpdateSettings().handle({ ...rest, teamDomains, moderationPolicy })
    if (Object.keys(changes).length > 0) await audit(ctx, 'settings.update', null, { changes })
    session.flash('success', 'Settings saved.')
    return response.redirect().toRoute('settings.edit')
  }

  private async recentInvitations() {
    const rows = await db
      .from('invitations')
      .leftJoin('users', 'users.id', 'invitations.invited_by_id')
      .select(
        'invitations.id',
        'invitations.email',
        'invitations.expires_at',
        'invitations.accepted_at',
        'invitations.created_at',
        'users.full_name as invited_by'
      )
      .orderBy('invitations.created_at', 'desc')
      .orderBy('invitations.id', 'desc')
      .limit(RECENT_INVITATIONS)
    return rows.map((row) => ({
      id: Number(row.id),
      email: String(row.email),
      invitedBy: row.invited_by ? String(row.invited_by) : null,
      createdAt: toIso(row.created_at),
      expiresAt: toIso(row.expires_at),
      acceptedAt: row.accepted_at ? toIso(row.accepted_at) : null,
    }))
  }
}

/** Timestamps written as JS dates come back as epoch ms (SQLite) or Date (PostgreSQL). */
function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'number' || /^\d+$/.test(String(value)))
    return new Date(Number(value)).toISOString()
  return new Date(String(value).replace(' ', 'T')).toISOString()
}
