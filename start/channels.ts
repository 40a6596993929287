/*
|--------------------------------------------------------------------------
| Broadcast channels
|--------------------------------------------------------------------------
|
| Who may join which private / presence channel (POST /broadcasting/auth),
| Laravel style. The signed-in, active user is given with the pattern's
| parameters; private channels need `true`, presence channels the member's
| public info (never an e-mail). Add your feature's channels here.
|
*/
import { channel } from '#services/realtime/channel_registry'
import { avatarUrl } from '#transformers/post_transformer'
import { canViewPost } from '#queries/feeds/visible_posts'
import { isTeamMember } from '#services/account_state'

/** Whole positive numbers only ("7", not "07", "7.0" or "1e3"). */
const id = (value: string) => (/^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN)

/** A user's own channel: notifications, unread counts, message deliveries. */
channel('private-App.Models.User.{id}', (user, params) => user.id === id(params.id))

/**
 * Who is online: the team (members and admins, active: blocked accounts are
 * signed out before this runs). Externals may not join: the member list
 * would show them the team, which search and the team panel hide from them.
 */
channel('presence-online', (user) =>
  isTeamMember(user)
    ? { id: user.id, name: user.fullName, username: user.username, avatarUrl: avatarUrl(user) }
    : false
)

/** Live counters of a post: whoever may see it (the one visibility rule). */
channel('private-App.Models.Post.{id}', (user, params) => canViewPost(user, id(params.id)))

/**
 * Live feeds: ids of newly published posts (the browser then asks
 * GET /feeds/:feed/new, which applies the visibility rule). The team feed
 * is for members and admins; the public feed for everyone signed in.
 */
channel('private-App.Feed.team', (user) => isTeamMember(user))
channel('private-App.Feed.public', () => true)
