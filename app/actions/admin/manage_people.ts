import { randomBytes, randomInt } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import User from '#models/user'
import type { Role } from '#enums/role'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import InvitationNotification from '#mails/invitation_notification'
import { sendNotification } from '#actions/admin/send_notification'
import { removeProfileImage } from '#services/people/profile_image_changes'
import { notify } from '#actions/notifications/notify'
import { absoluteUrl } from '#mails/auth_mail_layout'
import { generateToken, hashToken } from '#services/tokens'
import { getSettings } from '#services/settings'
import { anotherActiveAdmin, isActiveAdmin } from '#services/people/last_admin'
import type { ProfileImageKind } from '#services/profile_images'

/** A new administrator's "set your password" link works this long. */
export const ADMIN_INVITE_TTL_DAYS = 7

/**
 * A role change: the account's sessions, remember-me tokens and sockets
 * end at once on every node, so the next page is loaded with the new role
 * (or not at all). Returns how many sessions were signed out, or null when
 * it would have left no active administrator (checked under lock: a
 * concurrent change may have passed UserPolicy too).
 */
export async function changeRole(target: User, role: Role): Promise<number | null> {
  const changed = await db.transaction(async (trx) => {
    if (isActiveAdmin(target) && role !== 'admin' && !(await anotherActiveAdmin(trx, target.id))) {
      return false
    }
    target.useTransaction(trx)
    target.role = role
    // Whoever an administrator places in the team is approved.
    target.approvalStatus = 'approved'
    await target.save()
    return true
  })
  if (!changed) return null
  return new RevokeSessions().handle({ userId: target.id })
}

/**
 * An administrator's password reset: a temporary password (shown once to
 * the administrator, to be handed over), the change forced at the next
 * sign-in, and every session signed out now.
 */
export async function resetPassword(target: User) {
  const temporary = temporaryPassword()
  target.password = temporary
  target.mustChangePassword = true
  await target.save()
  const sessions = await new RevokeSessions().handle({ userId: target.id })
  return { temporary, sessions }
}

/** Four groups of four letters and digits, without look-alikes (0/O, 1/l/I). */
export function temporaryPassword() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')
  )
  return groups.join('-')
}

/**
 * Creates an administrator: a verified, approved account whose password
 * nobody knows (random), flagged for a forced change, and an invitation
 * e-mail (the invitation mail) whose link sets the password — a
 * single-use password link valid ADMIN_INVITE_TTL_DAYS days.
 */
export async function createAdmin(input: {
  fullName: string
  username: string
  email: string
  invitedBy: User
}) {
  const token = generateToken()
  const expiresAt = DateTime.now().plus({ days: ADMIN_INVITE_TTL_DAYS }).toJSDate()
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
  const url = absoluteUrl(
    router.urlBuilder.urlFor('password.reset', { token }, { qs: { email: admin.email } })
  )
  const { teamName } = await getSettings()
  const mailed = await sendNotification(
    new InvitationNotification(admin.email, url, teamName, input.invitedBy.fullName, expiresAt)
  )
  return { admin, mailed, expiresAt }
}

/**
 * Removes an avatar or cover that breaks the rules and tells its owner why
 * (a notification carrying the reason). Returns false when there was none.
 */
export async function removeImageForRules(target: User, kind: ProfileImageKind, reason: string) {
  const removed = await removeProfileImage(target, kind)
  if (!removed) return false
  await notify({
    recipientId: target.id,
    kind: kind === 'avatar' ? 'avatar_removed' : 'cover_removed',
    actorId: null,
    target: { type: 'user', id: target.id },
    data: { reason },
  })
  return true
}
