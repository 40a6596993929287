/*
|--------------------------------------------------------------------------
| Broadcast channels
|--------------------------------------------------------------------------
|
| Who may join which private / presence channel (POST /broadcasting/auth),
| Laravel style. The signed-in, active user is given with the pattern's
| parameters; private channels need `true`, presence channels the member's
| public info (never an e-mail). Add your feature's channels here, their
| names to app/services/realtime/channels.ts.
|
*/
import { channel } from '#services/realtime/channel_registry'
import {
  CHANNEL_PATTERNS,
  feedChannel,
  MODERATION_CHANNEL,
  ONLINE_CHANNEL,
} from '#services/realtime/channels'
import { avatarUrl } from '#services/media_urls'
import { canViewPost } from '#queries/feeds/visible_posts'
import { isTeamMember } from '#services/account_state'

/** Whole positive numbers only ("7", not "07", "7.0" or "1e3"). */
const id = (value: string) => (/^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN)

/** A user's own channel: notifications, unread counts, message deliveries. */
channel(CHANNEL_PATTERNS.user, (user, params) => user.id === id(params.id))

/**
 * Who is online: the team (members and admins, active: blocked accounts are
 * signed out before this runs). Externals may not join: the member list
 * would show them the team, which search and the team panel hide from them.
 */
channel(ONLINE_CHANNEL, (user) =>
  isTeamMember(user)
    ? { id: user.id, name: user.fullName, username: user.username, avatarUrl: avatarUrl(user) }
    : false
)

/** Live counters of a post: whoever may see it (the one visibility rule). */
channel(CHANNEL_PATTERNS.post, (user, params) => canViewPost(user, id(params.id)))

/**
 * Live feeds: ids of newly published posts (the browser then asks
 * GET /feeds/:feed/new, which applies the visibility rule). The team feed
 * is for members and admins; the public feed for everyone signed in.
 */
channel(feedChannel('team'), (user) => isTeamMember(user))
channel(feedChannel('public'), () => true)

/** The admins' moderation counts (queue of pending posts, open reports). */
channel(MODERATION_CHANNEL, (user) => user.role === 'admin')
/**
 * A person's visible tabs (issue 15 §2): each tab joins while it is visible
 * and leaves when hidden, so the server pushes only to people with none.
 * Only the person themself.
 */
channel(CHANNEL_PATTERNS.visibleTabs, (user, params) =>
  user.id === id(params.id) ? { id: user.id } : false
)
