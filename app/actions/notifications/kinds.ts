/**
 * Notification kinds (PRODUCT §6) and how each one is shown. Grouped kinds
 * collect every actor on the same target into one unread notification
 * ("Ana and 3 others liked your post"); the others are one per event.
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
  'report_resolved',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export type TargetType = 'post' | 'comment' | 'conversation' | 'user' | 'report'

export const GROUPED_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'post_liked',
  'comment_liked',
  'post_commented',
  'post_shared',
  'message_received',
])

/** At most this many actor ids are kept per group (the count keeps going). */
export const MAX_GROUP_ACTORS = 20

export interface NotificationData {
  /** Who acted, newest first (deduplicated, at most MAX_GROUP_ACTORS). */
  actorIds: number[]
  /** How many different people acted (may exceed actorIds.length). */
  actorCount: number
  /** For comment targets and new comments: the post the comment is on. */
  postId?: number
  /** New comment: the latest comment (the link's anchor). */
  commentId?: number
  /** Post rejected: the moderator's reason. */
  reason?: string | null
}

/**
 * Merges a new actor into a group's data. Returns null when the actor is
 * already in the group (a like, unlike and like again tells nobody twice).
 */
export function mergeActor(
  previous: NotificationData | null,
  actorId: number | null,
  extra: Partial<NotificationData> = {}
): NotificationData | null {
  if (!previous) {
    return { ...extra, actorIds: actorId ? [actorId] : [], actorCount: actorId ? 1 : 0 }
  }
  if (actorId && previous.actorIds.includes(actorId)) return null
  const actorIds = actorId
    ? [actorId, ...previous.actorIds].slice(0, MAX_GROUP_ACTORS)
    : previous.actorIds
  return {
    ...previous,
    ...extra,
    actorIds,
    actorCount: previous.actorCount + (actorId ? 1 : 0),
  }
}
