import { DateTime } from 'luxon'
import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'

/** Days between a deletion request and the purge (commands/purge_deleted_accounts.ts). */
export const DELETION_GRACE_DAYS = 30

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
