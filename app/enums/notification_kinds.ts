/**
 * The notification kinds (docs/architecture.md "Events and channels"), the
 * targets they point at and the data a stored notification carries. Pure
 * and dependency-free: models, services and pages may all read it. How
 * kinds group is app/services/notifications/kinds.ts.
 */
export const NOTIFICATION_KINDS = [
  'post_liked',
  'comment_liked',
  'post_commented',
  'post_mentioned',
  'post_shared',
  'announcement',
  'message_received',
  'registration_pending',
  'account_approved',
  'post_approved',
  'post_rejected',
  'post_unpublished',
  'report_resolved',
  'avatar_removed',
  'cover_removed',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export type TargetType = 'post' | 'comment' | 'conversation' | 'user' | 'report'

export interface NotificationData {
  /** Who acted, newest first (deduplicated, at most MAX_GROUP_ACTORS of
   * app/services/notifications/kinds.ts). */
  actorIds: number[]
  /** How many different people acted (may exceed actorIds.length). */
  actorCount: number
  /** For comment targets and new comments: the post the comment is on. */
  postId?: number
  /** New comment: the latest comment (the link's anchor). */
  commentId?: number
  /**
   * Post rejected or unpublished, avatar or cover removed: the administrator's
   * reason; report resolved: what was done.
   */
  reason?: string | null
}
