/**
 * Every realtime channel name, in one place (docs/architecture.md "Events
 * and channels"). The server broadcasts on them (app/listeners/broadcast),
 * start/channels.ts authorises them (the `{id}` patterns below) and the
 * browser subscribes to them: `inertia/` imports this very module
 * (`#services/realtime/channels`: its types from the emitted declarations,
 * its code bundled by Vite through an alias in vite.config.ts).
 *
 * So this file imports nothing: it is plain string building, safe in the
 * browser bundle.
 *
 * Names are given in full ('private-…', 'presence-…'), as broadcast() and
 * the client's useChannelEvent / usePresenceMembers take them.
 */

/** A numeric id, or `'{id}'` for the authorisation pattern. */
type Id = number | '{id}'

/** A user's own channel: notifications, unread counts, messages, typing, "Seen". */
export function userChannel(userId: Id) {
  return `private-App.Models.User.${userId}`
}

/** A post's live counters (likes, comments, shares): whoever may see the post. */
export function postChannel(postId: Id) {
  return `private-App.Models.Post.${postId}`
}

export type Feed = 'team' | 'public'

/** Ids of newly published posts: the team feed (members, admins) or the public one. */
export function feedChannel(feed: Feed) {
  return `private-App.Feed.${feed}`
}

/** The feeds a newly published post of `audience` goes out on. */
export function feedChannelsFor(audience: Feed) {
  return audience === 'public'
    ? [feedChannel('team'), feedChannel('public')]
    : [feedChannel('team')]
}

/** The admins' live moderation counts (pending posts, open reports). */
export const MODERATION_CHANNEL = 'private-App.Admin.Moderation'

/** Who is online: the team with the app open (a presence channel). */
export const ONLINE_CHANNEL = 'presence-online'

/** A person's visible tabs (Web Push goes only to people with none). */
export function visibleTabsChannel(userId: Id) {
  return `presence-App.Visible.${userId}`
}

/** The authorisation patterns of the channels with an id (start/channels.ts). */
export const CHANNEL_PATTERNS = {
  user: userChannel('{id}'),
  post: postChannel('{id}'),
  visibleTabs: visibleTabsChannel('{id}'),
} as const
