import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { UsableResetToken } from '#services/auth/password_reset_tokens'
import RevokeSessions from '#actions/accounts/revoke_sessions'

/**
 * Sets a new password from a reset link. In one transaction the token is
 * marked used (only if still unused, so two racing requests cannot both
 * succeed), the user's other links are voided and the password replaced;
 * a forced change is no longer needed, and the address is verified (the
 * link was delivered to it). Then every session and remember-me token of
 * the user is revoked. Returns false when the token was used meanwhile.
 */
export default class ResetPassword {
  async handle(reset: UsableResetToken, password: string) {
    const { user } = reset
    const now = new Date()
    const done = await db.transaction(async (trx) => {
      const affected = await trx
        .from('password_reset_tokens')
        .where('id', reset.id)
        .whereNull('used_at')
        .update({ used_at: now })
      if (Number(Array.isArray(affected) ? affected[0] : affected) !== 1) return false
      await trx
        .from('password_reset_tokens')
        .where('user_id', user.id)
        .whereNull('used_at')
        .update({ used_at: now })
      user.useTransaction(trx)
      user.password = password
      user.mustChangePassword = false
      if (!user.emailVerifiedAt) user.emailVerifiedAt = DateTime.fromJSDate(now)
      await user.save()
      return true
    })
    if (!done) return false
    await new RevokeSessions().handle({ userId: user.id })
    return true
  }
}
