/**
 * The sentence each notification kind reads as. THE list: the bell and the
 * notifications page (inertia/components/notifications/describe.ts) and the
 * Web Push title (app/services/notifications/push.ts) both read it, so a new
 * kind is worded once. Pure and dependency-free: the client bundles it.
 */

/** What people did, after their names ("… liked your post"). */
const ACTIONS: Partial<Record<string, string>> = {
  post_liked: 'liked your post',
  comment_liked: 'liked your comment',
  post_commented: 'commented on your post',
  post_mentioned: 'tagged you in a post',
  post_shared: 'shared your post',
  announcement: 'posted an announcement',
  message_received: 'sent you a message',
  registration_pending: 'registered and is waiting for your approval',
}

/** Notices that name nobody. */
const NOTICES: Partial<Record<string, string>> = {
  account_approved: 'Your account was approved. Welcome to the team!',
  post_approved: 'Your post was approved and is now published.',
  post_rejected: 'Your post was not approved.',
  post_unpublished: 'An admin unpublished your post; it waits for review again.',
  report_resolved: 'Your report was reviewed and resolved.',
  avatar_removed: 'An administrator removed your profile photo.',
  cover_removed: 'An administrator removed your cover image.',
}

/** "Ana Silva", "Ana Silva and Bo Lee", "Ana Silva and 3 others". */
export function actorNames(actors: { fullName: string }[], count: number) {
  const total = Math.max(count, actors.length)
  const first = actors[0]?.fullName ?? 'Someone'
  if (total <= 1) return first
  if (total === 2 && actors[1]) return `${first} and ${actors[1].fullName}`
  const others = total - 1
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`
}

/** The notification as a sentence: `names` (bold in the UI) + `text`. */
export function describeNotification(item: {
  kind: string
  actors: { fullName: string }[]
  actorCount: number
}) {
  const notice = NOTICES[item.kind]
  if (notice) return { names: null, text: notice }
  return {
    names: actorNames(item.actors, item.actorCount),
    text: ACTIONS[item.kind] ?? 'did something',
  }
}

/** The same sentence as one line (a push notification's title). */
export function notificationSentence(item: Parameters<typeof describeNotification>[0]) {
  const { names, text } = describeNotification(item)
  return names ? `${names} ${text}` : text
}
