import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import User from '#models/user'
import InvitationNotification from '#mails/invitation_notification'
import { absoluteUrl } from '#mails/auth_mail_layout'
import { sendNotification } from '#services/mail/notification_mail'
import { ADMIN_INVITE_TTL_DAYS } from '#services/auth/password_reset_tokens'
import { generateToken, hashToken } from '#services/tokens'
import { getSettings } from '#services/settings'

export interface CreateAdminInput {
  fullName: string
  username: string
  email: string
  /** The administrator who invites; null for `node ace admin:create` (nothing is mailed). */
  invitedBy: User | null
}

/**
 * Creates an administrator: a verified, approved account whose password
 * nobody knows (random), flagged for a forced change, and an invitation
 * e-mail (the invitation mail) whose link sets the password — a
 * single-use password link valid ADMIN_INVITE_TTL_DAYS days.
 *
 * Without an inviter (`node ace admin:create`, the first administrator of
 * a new installation, when mail may not be set up yet) nothing is sent:
 * the command prints the link instead.
 */
export default class CreateAdmin {
  async handle(input: CreateAdminInput) {
    const token = generateToken()
    const expiresAt = DateTime.now().plus({ days: ADMIN_INVITE_TTL_DAYS }).toJSDate()
    // Before the transaction: nothing is written if the link cannot be made.
    const url = absoluteUrl(
      router.urlBuilder.urlFor('password.reset', { token }, { qs: { email: input.email } })
    )
    const admin = await db.transaction(async (trx) => {
      const created = await User.create(
        {
          fullName: input.fullName,
          username: input.username,
          email: input.email,
          password: randomBytes(32).toString('base64url'),
          role: 'admin',
          approvalStatus: 'approved',
          isActive: true,
          mustChangePassword: true,
          emailVerifiedAt: DateTime.now(),
        },
        { client: trx }
      )
      await trx.table('password_reset_tokens').insert({
        user_id: created.id,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        created_at: new Date(),
      })
      return created
    })
    if (!input.invitedBy) return { admin, mailed: false, expiresAt, url }
    const { teamName } = await getSettings()
    const mailed = await sendNotification(
      new InvitationNotification(admin.email, url, teamName, input.invitedBy.fullName, expiresAt)
    )
    return { admin, mailed, expiresAt, url }
  }
}
