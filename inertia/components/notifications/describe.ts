/**
 * Notification shapes as the server sends them (app/queries/notifications.ts)
 * and the sentence each one reads as. Pure, so it is unit-tested in Node.
 */
import type { Person } from '~/types'

export type NotificationKind =
  | 'post_liked'
  | 'comment_liked'
  | 'post_commented'
  | 'post_mentioned'
  | 'post_shared'
  | 'announcement'
  | 'message_received'
  | 'registration_pending'
  | 'account_approved'
  | 'post_approved'
  | 'post_rejected'
  | 'report_resolved'

export type NotificationActor = Person

export type NotificationItem = {
  id: number
  kind: NotificationKind
  read: boolean
  createdAt: string | null
  actors: NotificationActor[]
  actorCount: number
  excerpt: string | null
  reason: string | null
  url: string
  target: string
}

/** What people did, after their names ("… liked your post"). */
const ACTIONS: Partial<Record<NotificationKind, (count: number) => string>> = {
  post_liked: () => 'liked your post',
  comment_liked: () => 'liked your comment',
  post_commented: () => 'commented on your post',
  post_mentioned: () => 'tagged you in a post',
  post_shared: () => 'shared your post',
  announcement: () => 'posted an announcement',
  message_received: () => 'sent you a message',
  registration_pending: () => 'registered and is waiting for your approval',
}

/** Notices that name nobody. */
const NOTICES: Partial<Record<NotificationKind, string>> = {
  account_approved: 'Your account was approved. Welcome to the team!',
  post_approved: 'Your post was approved and is now published.',
  post_rejected: 'Your post was not approved.',
  report_resolved: 'Your report was reviewed and resolved.',
}

/** "Ana Silva", "Ana Silva and Bo Lee", "Ana Silva and 3 others". */
export function actorNames(actors: NotificationActor[], count: number) {
  const total = Math.max(count, actors.length)
  const first = actors[0]?.fullName ?? 'Someone'
  if (total <= 1) return first
  if (total === 2 && actors[1]) return `${first} and ${actors[1].fullName}`
  const others = total - 1
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`
}

/** The notification as a sentence: `names` (bold in the UI) + `text`. */
export function describeNotification(
  item: Pick<NotificationItem, 'kind' | 'actors' | 'actorCount'>
) {
  const notice = NOTICES[item.kind]
  if (notice) return { names: null, text: notice }
  const action = ACTIONS[item.kind]
  return {
    names: actorNames(item.actors, item.actorCount),
    text: action ? action(item.actorCount) : 'did something',
  }
}

/** The bell's badge: the count, "99+" above 99, nothing at 0. */
export function badgeLabel(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
