import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import type { Role } from '#enums/role'
import { isTeamEmail, type AppSettings } from '#services/settings'
import { sendVerificationEmail } from '#services/email_verification'
import { acceptInvitation, type Invitation } from '#services/invitations'
import AccountExistsNotification from '#mails/account_exists_notification'
import RegistrationAwaitingApprovalNotification from '#mails/registration_awaiting_approval_notification'
import RegistrationPending from '#events/registration_pending'
import MemberJoined from '#events/member_joined'
import { isUniqueViolation } from '#services/db/errors'

export interface RegisterUserInput {
  fullName: string
  username: string
  email: string
  password: string
  invitation: Invitation | null
  settings: AppSettings
}

/**
 * What the person is told after registering. It depends only on the input
 * (domain, invitation), never on whether the address already had an account.
 */
export interface RegistrationOutcome {
  role: Extract<Role, 'member' | 'external'>
  email: string
  verificationRequired: boolean
  approvalRequired: boolean
}

export type RegisterUserResult =
  | { ok: true; outcome: RegistrationOutcome; userId: number }
  | { ok: false; field: 'username' | 'invite'; message: string }

class InvitationTaken extends Error {}

/**
 * Registers an account (PRODUCT §2):
 * - invited → member, e-mail already proven by the invitation link;
 * - team-domain address → member, must verify the address;
 * - any other address → external, pending admin approval (admins are
 *   e-mailed), must verify the address too.
 *
 * An address that already has an account gets the same outcome; its owner
 * receives an "you already have an account" e-mail instead. Both paths hash
 * the password once so they take the same time (SECURITY.md T7).
 */
export default class RegisterUser {
  async handle(input: RegisterUserInput): Promise<RegisterUserResult> {
    const role: RegistrationOutcome['role'] =
      input.invitation || isTeamEmail(input.email, input.settings) ? 'member' : 'external'
    const outcome: RegistrationOutcome = {
      role,
      email: input.email,
      verificationRequired: !input.invitation,
      approvalRequired: role === 'external',
    }

    const existing = await User.findBy('email', input.email)
    if (existing) return this.alreadyRegistered(existing, input, outcome)

    let user: User
    try {
      user = await db.transaction(async (trx) => {
        const created = new User()
        created.useTransaction(trx)
        created.merge({
          fullName: input.fullName,
          username: input.username,
          email: input.email,
          password: input.password,
          role,
          approvalStatus: role === 'external' ? 'pending' : 'approved',
          isActive: true,
          mustChangePassword: false,
          emailVerifiedAt: input.invitation ? DateTime.now() : null,
        })
        await created.save()
        if (input.invitation && !(await acceptInvitation(input.invitation, trx)))
          throw new InvitationTaken()
        return created
      })
    } catch (error) {
      if (error instanceof InvitationTaken) {
        return { ok: false, field: 'invite', message: 'This invitation was already used.' }
      }
      const column = uniqueViolation(error)
      if (column === 'username')
        return { ok: false, field: 'username', message: 'This username is already taken.' }
      if (column === 'email') {
        const raced = await User.findBy('email', input.email)
        if (raced) return this.alreadyRegistered(raced, input, outcome, false)
      }
      throw error
    }

    if (outcome.verificationRequired) await sendVerificationEmail(user, input.settings.teamName)
    if (outcome.approvalRequired) {
      await this.notifyAdmins(user, input.settings.teamName)
      await RegistrationPending.dispatch({ userId: user.id })
    }
    if (!outcome.verificationRequired && !outcome.approvalRequired) {
      await MemberJoined.dispatch({ userId: user.id })
    }
    return { ok: true, outcome, userId: user.id }
  }

  private async alreadyRegistered(
    existing: User,
    input: RegisterUserInput,
    outcome: RegistrationOutcome,
    hashPassword = true
  ): Promise<RegisterUserResult> {
    // Same work as creating the account (scrypt dominates), so the reply
    // time does not tell whether the address was known.
    if (hashPassword) await hash.make(input.password)
    await mail.sendLater(new AccountExistsNotification(existing, input.settings.teamName))
    return { ok: true, outcome, userId: existing.id }
  }

  private async notifyAdmins(registrant: User, teamName: string) {
    const admins = await User.query()
      .where('role', 'admin')
      .where('is_active', true)
      .whereNull('deleted_at')
      .whereNull('deletion_requested_at')
    for (const admin of admins) {
      await mail.sendLater(
        new RegistrationAwaitingApprovalNotification(admin, registrant, teamName)
      )
    }
  }
}

/** The users column a unique-constraint error is about (SQLite or PostgreSQL), if any. */
function uniqueViolation(error: unknown): 'email' | 'username' | null {
  if (!isUniqueViolation(error)) return null
  const e = error as { message?: string; constraint?: string; detail?: string }
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`
  if (/username/i.test(text)) return 'username'
  if (/email/i.test(text)) return 'email'
  return null
}
