import type { NotificationData, NotificationKind } from '#enums/notification_kinds'

/**
 * How notification kinds group (the kinds themselves:
 * app/enums/notification_kinds.ts). Grouped kinds collect every actor on
 * the same target into one unread notification ("Ana and 3 others liked
 * your post"); the others are one per event.
 */
export const GROUPED_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'post_liked',
  'comment_liked',
  'post_commented',
  'post_shared',
  'message_received',
])

/** At most this many actor ids are kept per group (the count keeps going). */
export const MAX_GROUP_ACTORS = 20

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
