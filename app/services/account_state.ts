import type User from '#models/user'

/**
 * Whether the account belongs to the team (members and admins). Externals
 * are not part of it: they never see the team's people through search, the
 * team panel, mention autocomplete or presence (PRODUCT §1). One rule for
 * all of them.
 */
export function isTeamMember(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'member' || user?.role === 'admin'
}

export type BlockReason =
  'deleted' | 'deletion_pending' | 'inactive' | 'rejected' | 'pending_approval' | 'unverified'

/**
 * Why an account may not be signed in right now, or null when it may.
 * Checked at sign-in and on every request, so a change takes effect at once.
 */
export function accountBlockReason(user: User): BlockReason | null {
  if (user.deletedAt) return 'deleted'
  if (user.deletionRequestedAt) return 'deletion_pending'
  if (!user.isActive) return 'inactive'
  if (user.approvalStatus === 'rejected') return 'rejected'
  if (user.approvalStatus === 'pending') return 'pending_approval'
  if (!user.emailVerifiedAt) return 'unverified'
  return null
}

export const BLOCK_MESSAGES: Record<BlockReason, string> = {
  deleted: 'This account has been deleted.',
  deletion_pending:
    'This account is scheduled for deletion. Reactivate it to sign in again; otherwise it will be removed at the end of the 30-day grace period.',
  inactive:
    'This account has been deactivated by an administrator. Contact your team administrator.',
  rejected: 'Your registration was not approved by the team administrators.',
  pending_approval:
    'Your account is waiting for approval by a team administrator. You will get an e-mail once it is approved.',
  unverified:
    'Please verify your e-mail address first: follow the link we sent you, or request a new one.',
}

/**
 * The sign-in refusal for this account: an administrator's block says why
 * and until when (UTC); every other reason has its fixed message.
 */
export function blockMessage(user: User, reason: BlockReason) {
  if (reason !== 'inactive' || !user.blockedReason) return BLOCK_MESSAGES[reason]
  const until = user.blockedUntil
    ? ` The block ends on ${user.blockedUntil.toUTC().toFormat("yyyy-LL-dd 'at' HH:mm")} UTC.`
    : ''
  return `Your account has been blocked by an administrator. Reason: ${user.blockedReason}${until}`
}

/**
 * Where a user lands after signing in (PRODUCT §2): admins on the dashboard,
 * members on the team feed, externals on the public feed.
 */
export function landingRoute(user: User) {
  if (user.role === 'admin') return 'dashboard'
  if (user.role === 'external') return 'feed.public'
  return 'home'
}

/** Days between a deletion request and the purge (commands/purge_deleted_accounts.ts). */
export const DELETION_GRACE_DAYS = 30
