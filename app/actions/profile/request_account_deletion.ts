import { DateTime } from 'luxon'
import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { DELETION_GRACE_DAYS } from '#services/account_state'

/**
 * Schedules the account for deletion: from now on it cannot sign in (except
 * to reactivate), its sessions and remember-me tokens are revoked, and after
 * the grace period the purge anonymises it.
 */
export default class RequestAccountDeletion {
  async handle(user: User, reason: string | null | undefined) {
    user.deletionRequestedAt = DateTime.now()
    user.deletionReason = reason?.trim() || null
    await user.save()
    await new RevokeSessions().handle({ userId: user.id })
    return { purgeAfter: user.deletionRequestedAt.plus({ days: DELETION_GRACE_DAYS }) }
  }
}
