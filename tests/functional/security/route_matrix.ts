/**
 * T1 route access matrix (SECURITY.md §5): what every named route answers to
 * each actor. route_matrix.spec.ts fails when a route has no entry here, so
 * adding a route means deciding, in this file, who may reach it.
 *
 * Actors (tests/helpers/security.ts): guest (signed out), member (ana, demo
 * team member), external (approved external account), admin (demo admin).
 * Route parameters point at seeded records (urlFor in the same helper).
 *
 * GET routes are requested as Inertia visits; other methods as plain form
 * posts with a valid CSRF token and the minimal `body` (default: empty).
 */
import { existsSync } from 'node:fs'
import type { Actor } from '#tests/helpers/security'

/**
 * The service worker exists once the app is built, and the ops tests may
 * build it in the middle of a run: judged when the request is checked.
 */
const swOutcome = () => ({
  get status() {
    return existsSync('public/build/sw.js') ? 200 : 404
  },
})

export type Outcome =
  /** Exactly this status; for Inertia pages also this component. */
  | { status: number; page?: string }
  /** A redirect (302/303) to this path, or to anywhere with '*'. */
  | { redirect: string }

export interface RouteExpectation {
  /** Minimal request body for non-GET routes. */
  body?: Record<string, unknown>
  expect: Record<Actor, Outcome>
}

const ok = (page?: string): Outcome => ({ status: 200, page })
const to = (path: string): Outcome => ({ redirect: path })
const forbidden: Outcome = { status: 403, page: 'Errors/Forbidden' }
const notFound: Outcome = { status: 404, page: 'Errors/NotFound' }
/** Any redirect: back to the form with errors, or on to a next page. */
const back: Outcome = { redirect: '*' }
/** The signed Pusher HTTP API without a signature: 401 for everyone. */
const unsigned = {
  guest: { status: 401 },
  member: { status: 401 },
  external: { status: 401 },
  admin: { status: 401 },
}

const LOGIN = '/login'
/** Where the guest middleware sends a signed-in actor. */
const LANDING = { member: to('/'), external: to('/public'), admin: to('/admin') }

/** Signed-in only, same answer for every role. */
const signedIn = (outcome: Outcome, external: Outcome = outcome) => ({
  guest: to(LOGIN),
  member: outcome,
  external,
  admin: outcome,
})
/** Guests only: signed-in actors go to their landing page. */
const guestOnly = (outcome: Outcome) => ({ guest: outcome, ...LANDING })
/** Admin back office: members and externals get the 403 page. */
const adminOnly = (outcome: Outcome) => ({
  guest: to(LOGIN),
  member: forbidden,
  external: forbidden,
  admin: outcome,
})

/**
 * The public API (/api/v1, issue 14) reads a bearer token only: a session
 * (what the matrix's actors have) is not a way in, so everyone gets 401.
 * tests/functional/api covers the tokens of each actor.
 */
const tokenOnly = {
  guest: { status: 401 },
  member: { status: 401 },
  external: { status: 401 },
  admin: { status: 401 },
}
/** Public for everyone: the API's description. */
const publicOk = { guest: ok(), member: ok(), external: ok(), admin: ok() }

export const ROUTE_MATRIX: Record<string, RouteExpectation> = {
  // Public API (issue 14)
  'api.me': { expect: tokenOnly },
  'api.feeds.team': { expect: tokenOnly },
  'api.feeds.public': { expect: tokenOnly },
  'api.people.posts': { expect: tokenOnly },
  'api.people.show': { expect: tokenOnly },
  'api.posts.show': { expect: tokenOnly },
  'api.posts.store': { expect: tokenOnly },
  'api.comments.index': { expect: tokenOnly },
  'api.comments.store': { expect: tokenOnly },
  'api.posts.like': { expect: tokenOnly },
  'api.posts.unlike': { expect: tokenOnly },
  'api.notifications.index': { expect: tokenOnly },
  'api.notifications.unread': { expect: tokenOnly },
  'api.notifications.read_all': { expect: tokenOnly },
  'api.notifications.read': { expect: tokenOnly },
  'api.people.index': { expect: tokenOnly },
  'api.search.posts': { expect: tokenOnly },
  'api.conversations.index': { expect: tokenOnly },
  'api.messages.index': { expect: tokenOnly },
  'api.messages.store': { expect: tokenOnly },
  'api.messages.read': { expect: tokenOnly },
  'api.messages.typing': { expect: tokenOnly },
  'api.albums.photos': { expect: tokenOnly },
  'api.albums.videos': { expect: tokenOnly },
  'api.media.show': { expect: tokenOnly },
  'api.feeds.mine': { expect: tokenOnly },
  'api.feeds.liked': { expect: tokenOnly },
  'api.feeds.top': { expect: tokenOnly },
  'api.people.block': { expect: tokenOnly },
  'api.people.unblock': { expect: tokenOnly },
  'api.reports.store': { expect: tokenOnly },
  'api.posts.update': { expect: tokenOnly },
  'api.posts.destroy': { expect: tokenOnly },
  'api.posts.share': { expect: tokenOnly },
  'api.posts.likers': { expect: tokenOnly },
  'api.comments.destroy': { expect: tokenOnly },
  'api.comments.like': { expect: tokenOnly },
  'api.comments.unlike': { expect: tokenOnly },
  'api.comments.likers': { expect: tokenOnly },
  'api.admin.moderation.index': { expect: tokenOnly },
  'api.admin.moderation.decide': { expect: tokenOnly },
  'api.admin.reports.index': { expect: tokenOnly },
  'api.admin.reports.show': { expect: tokenOnly },
  'api.admin.reports.decide': { expect: tokenOnly },
  'api.admin.people.index': { expect: tokenOnly },
  'api.admin.people.show': { expect: tokenOnly },
  'api.admin.people.role': { expect: tokenOnly },
  'api.admin.people.block': { expect: tokenOnly },
  'api.admin.people.unblock': { expect: tokenOnly },
  'api.admin.people.sign_out': { expect: tokenOnly },
  'api.admin.people.approve': { expect: tokenOnly },
  'api.admin.people.reject': { expect: tokenOnly },
  'api.openapi': { expect: publicOk },
  'api.not_found': {
    expect: {
      guest: { status: 404 },
      member: { status: 404 },
      external: { status: 404 },
      admin: { status: 404 },
    },
  },
  'api.docs': { expect: publicOk },
  'api.docs.asset': { expect: publicOk },
  // API tokens (Profile/Tokens; Settings/ApiTokens for admins)
  'profile.tokens.index': { expect: signedIn(ok('Profile/Tokens')) },
  'profile.tokens.store': { expect: signedIn(back) },
  'profile.tokens.destroy': { expect: signedIn(notFound) },
  'admin.tokens.index': { expect: adminOnly(ok('Settings/ApiTokens')) },
  'admin.tokens.destroy': {
    expect: { guest: to(LOGIN), member: forbidden, external: forbidden, admin: notFound },
  },
  // Outgoing webhooks (Settings/Webhooks, issue 14): admins only; no endpoint
  // has the matrix's id (404); the empty form goes back with its errors.
  'admin.webhooks.index': { expect: adminOnly(ok('Settings/Webhooks')) },
  'admin.webhooks.store': { expect: adminOnly(back) },
  'admin.webhooks.update': { expect: adminOnly(notFound) },
  'admin.webhooks.destroy': { expect: adminOnly(notFound) },
  'admin.webhooks.rotate': { expect: adminOnly(notFound) },
  'admin.webhooks.test': { expect: adminOnly(notFound) },

  // Pages
  'home': {
    expect: {
      guest: ok('Welcome'),
      member: ok('Home'),
      external: to('/public'),
      admin: ok('Home'),
    },
  },
  'feed.public': { expect: signedIn(ok('Home')) },

  // Sign in / out
  'session.create': { expect: guestOnly(ok('Auth/Login')) },
  'session.store': { expect: guestOnly(back) },
  'session.destroy': { expect: signedIn(to(LOGIN)) },

  // Registration and e-mail verification
  'register.create': { expect: guestOnly(ok('Auth/Register')) },
  'register.store': { expect: guestOnly(back) },
  // Without a registration in this session there is nothing to confirm.
  'register.success': { expect: guestOnly(to('/register')) },
  // The notice itself holds no account data; verified accounts have nothing to do there.
  'verification.notice': {
    expect: {
      guest: ok('Auth/VerifyEmail'),
      member: to('/'),
      external: to('/public'),
      admin: to('/admin'),
    },
  },
  'verification.resend': {
    expect: { guest: to(LOGIN), member: back, external: back, admin: back },
  },
  // Unsigned link: refused for everyone, on the verification page.
  'verification.verify': {
    expect: {
      guest: { status: 403, page: 'Auth/VerifyEmail' },
      member: { status: 403, page: 'Auth/VerifyEmail' },
      external: { status: 403, page: 'Auth/VerifyEmail' },
      admin: { status: 403, page: 'Auth/VerifyEmail' },
    },
  },

  // Passwords
  'password.forgot': { expect: guestOnly(ok('Auth/ForgotPassword')) },
  'password.email': { expect: guestOnly(back) },
  'password.reset': { expect: guestOnly(ok('Auth/ResetPassword')) },
  'password.update': { expect: guestOnly(back) },
  'password.confirm': { expect: signedIn(ok('Auth/ConfirmPassword')) },
  'password.confirm.store': { expect: signedIn(back) },
  'password.change': { expect: signedIn(ok('Homepage/ChangePassword')) },
  'password.change.store': { expect: signedIn(back) },
  'account.reactivate': { expect: guestOnly(back) },

  // Profile settings (own account only)
  'profile.edit': { expect: signedIn(ok('Profile/Edit')) },
  'profile.update': { expect: signedIn(back) },
  'profile.destroy': { expect: signedIn(back) },
  'profile.password': { expect: signedIn(back) },
  'profile.sessions.destroy_others': { expect: signedIn(back) },

  // Admin back office
  'dashboard': { expect: adminOnly(ok('Dashboard')) },
  'settings.edit': { expect: adminOnly(ok('Settings/AppSetting')) },
  'settings.update': { expect: adminOnly(back) },
  'invitations.store': { expect: adminOnly(back) },
  'users.public': { expect: adminOnly(ok('Users/PublicUserList')) },
  'users.approve': { expect: adminOnly(back) },
  'users.reject': { expect: adminOnly(back) },

  // Admin posts (H3): Posts/Index, Posts/Form, Posts/Show on the fixture post
  // (a published team post by the member). Empty forms are refused by
  // validation (back); destroy goes back to the list.
  'admin.posts.index': { expect: adminOnly(ok('Posts/Index')) },
  'admin.posts.create': { expect: adminOnly(ok('Posts/Form')) },
  'admin.posts.store': { expect: adminOnly(back) },
  'admin.posts.show': { expect: adminOnly(ok('Posts/Show')) },
  'admin.posts.edit': { expect: adminOnly(ok('Posts/Form')) },
  'admin.posts.update': { expect: adminOnly(back) },
  'admin.posts.destroy': { expect: adminOnly(to('/admin/posts')) },
  // Moderation of pending posts (H8): not pending / no reason → back with a message.
  'admin.posts.approve': { expect: adminOnly(back) },
  'admin.posts.reject': { body: { reason: 'Off topic' }, expect: adminOnly(back) },
  // End of admin posts (H3).
  // Moderation and reports (issue 19 §2). The writes get bodies that fail
  // validation (no ids, no reason, no decision): admins go back with a
  // message and nothing changes, so the fixture post stays published.
  'admin.moderation.index': { expect: adminOnly(ok('PostModerations/Index')) },
  'admin.moderation.decide': { expect: adminOnly(back) },
  'admin.moderation.posts': { expect: adminOnly(ok('PostModerations/IndexST')) },
  'admin.moderation.unpublish': { expect: adminOnly(back) },
  'admin.reports.index': { expect: adminOnly(ok('Reports/Index')) },
  'admin.reports.show': { expect: adminOnly(ok('Reports/Show')) },
  'admin.reports.decide': { expect: adminOnly(back) },

  // System (issue 19 part D): audit log (read only), failed jobs, upload and
  // SMTP settings. The fixture job does not exist: the admin gets a 404; an
  // empty settings form goes back with its errors.
  'admin.audit.index': { expect: adminOnly(ok('AuditLog/Index')) },
  'admin.jobs.index': { expect: adminOnly(ok('Jobs/Failed')) },
  'admin.jobs.retry': { expect: adminOnly({ status: 404 }) },
  'admin.jobs.destroy': { expect: adminOnly({ status: 404 }) },
  'admin.settings.uploads.update': { expect: adminOnly(back) },
  'admin.settings.mail.update': { expect: adminOnly(back) },
  'admin.settings.mail.test': { expect: adminOnly(back) },
  // Dashboard drill-downs (issue 19 §1, admin part A): admin-only pages.
  'admin.dashboard.accounts': { expect: adminOnly(ok('Dashboard/Account')) },
  'admin.dashboard.active_users': { expect: adminOnly(ok('Dashboard/ActiveUsers')) },
  'admin.dashboard.most_liked': { expect: adminOnly(ok('Dashboard/MostLikedPosts')) },
  'admin.dashboard.most_commented': { expect: adminOnly(ok('Dashboard/MostCommentPosts')) },
  'admin.dashboard.top_authors': { expect: adminOnly(ok('Dashboard/MostUserPosts')) },
  'admin.dashboard.user_posts': { expect: adminOnly(ok('Dashboard/UserPosts')) },
  // People (admin part C). Role changes, blocks, resets and admin creation
  // ask for the password first: the matrix's admin has not confirmed it.
  'admin.users.index': { expect: adminOnly(ok('Users/UserList')) },
  'admin.users.show': { expect: adminOnly(ok('Profile/Index')) },
  'admin.users.edit': { expect: adminOnly(ok('Profile/UserEdit')) },
  'admin.users.update': { expect: adminOnly(back) },
  'admin.users.role': { body: { role: 'member' }, expect: adminOnly(to('/confirm-password')) },
  'admin.users.password_reset': { expect: adminOnly(to('/confirm-password')) },
  'admin.users.block': { body: { reason: 'Spam' }, expect: adminOnly(to('/confirm-password')) },
  'admin.users.unblock': { expect: adminOnly(to('/confirm-password')) },
  'admin.users.sign_out': { expect: adminOnly(back) },
  'admin.admins.index': { expect: adminOnly(ok('Users/AdminList')) },
  'admin.admins.create': { expect: adminOnly(to('/confirm-password')) },
  'admin.admins.store': { expect: adminOnly(to('/confirm-password')) },
  'admin.admins.edit': { expect: adminOnly(ok('Users/AdminForm')) },
  'admin.admins.update': { expect: adminOnly(back) },
  'admin.photos.index': { expect: adminOnly(ok('Profile/Photos')) },
  'admin.photos.destroy': { expect: adminOnly(back) },

  // Development outbox (issue 16 #9): the matrix's requests carry X-Forwarded-For,
  // so they are not "direct from this machine": only an admin may read it
  // (tests/functional/security/dev_outbox.spec.ts covers the local case).
  'dev.outbox': {
    expect: {
      guest: forbidden,
      member: forbidden,
      external: forbidden,
      admin: ok('Dev/Outbox'),
    },
  },
  'dev.outbox.show': {
    expect: {
      guest: forbidden,
      member: forbidden,
      external: forbidden,
      admin: ok('Dev/OutboxShow'),
    },
  },

  // Posts & media. The fixture post is a published team post by the member
  // (its author); externals cannot see it (404), admins see it but only
  // the author edits it (403). Empty bodies are refused by validation
  // (back); destroy really deletes it (rolled back after each request);
  // share: the author cannot share their own post (back with an error),
  // an admin can (back).
  'posts.create': { expect: signedIn(ok('Homepage/CreatePost')) },
  'posts.store': { expect: signedIn(back) },
  'posts.show': {
    expect: {
      guest: to(LOGIN),
      member: ok('Homepage/PostDetail'),
      external: notFound,
      admin: ok('Homepage/PostDetail'),
    },
  },
  'posts.edit': {
    expect: {
      guest: to(LOGIN),
      member: ok('Homepage/EditPost'),
      external: notFound,
      admin: forbidden,
    },
  },
  'posts.update': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: { status: 403 } },
  },
  'posts.destroy': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  'posts.share': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  // JSON for the composer's autocomplete.
  'mentions.search': { expect: signedIn(ok()) },
  // The fixture post's file: same visibility as the post.
  'media.show': {
    expect: { guest: to(LOGIN), member: ok(), external: { status: 404 }, admin: ok() },
  },

  // Feeds & engagement. The fixture (tests/functional/engagement/security_fixtures.ts)
  // is a published team post by the member with a comment by the admin:
  // externals cannot see it (404); the member may delete the comment as the
  // post's author, the admin as an admin. Forms go back; "liked by" answers
  // JSON only (406 to an Inertia visit).
  'posts.mine': { expect: signedIn(ok('Homepage/MyPost')) },
  'posts.liked': { expect: signedIn(ok('Homepage/LikedPost')) },
  'posts.top': { expect: signedIn(ok('Homepage/TopPost')) },
  'posts.like': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  'posts.likes': {
    expect: {
      guest: to(LOGIN),
      member: { status: 406 },
      external: notFound,
      admin: { status: 406 },
    },
  },
  'comments.like': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  'comments.store': {
    body: { body: 'Hello from the route matrix' },
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  'comments.destroy': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },

  // Private messages (H7). Conversations with the demo member "ben" (who has
  // written to nobody): members and admins may open and write; an external
  // sees the page but may not write first (403). The empty form is refused
  // by validation (back); marking read goes to the conversation; history
  // answers JSON; typing answers 204 (403 for the external).
  'messages.index': { expect: signedIn(ok('Messages/Index')) },
  'messages.show': { expect: signedIn(ok('Messages/Show')) },
  'messages.history': { expect: signedIn(ok()) },
  'messages.store': {
    expect: { guest: to(LOGIN), member: back, external: { status: 403 }, admin: back },
  },
  'messages.read': { expect: signedIn(to('/messages/ben')) },
  'messages.typing': {
    expect: {
      guest: to(LOGIN),
      member: { status: 204 },
      external: { status: 403 },
      admin: { status: 204 },
    },
  },
  // End of private messages (H7).

  // Albums & search (H2). My photos / My videos list the viewer's own files
  // (every signed-in role has an album, empty or not).
  'photos.index': { expect: signedIn(ok('PhotoAlbum/Index')) },
  'videos.index': { expect: signedIn(ok('Homepage/MyVideo')) },
  // Search / team directory: every signed-in role (externals get posts only).
  'search': { expect: signedIn(ok('Homepage/Search')) },
  // End of albums & search (H2).

  // Realtime (H5). Channel / user authentication answers JSON: guests 403;
  // the minimal body asks for presence-online, which every signed-in active
  // account may join. The Pusher HTTP API needs a signature: 401 unsigned.
  // presence-online is the team's: externals are refused (issue 16 #7).
  'broadcasting.auth': {
    body: { socket_id: '1234.5678', channel_name: 'presence-online' },
    expect: { guest: { status: 403 }, member: ok(), external: { status: 403 }, admin: ok() },
  },
  'broadcasting.user_auth': {
    body: { socket_id: '1234.5678' },
    expect: { guest: { status: 403 }, member: ok(), external: ok(), admin: ok() },
  },
  'realtime.events': { expect: unsigned },
  'realtime.batch_events': { expect: unsigned },
  'realtime.channels': { expect: unsigned },
  'realtime.channel': { expect: unsigned },
  'realtime.channel_users': { expect: unsigned },
  'realtime.terminate_connections': { expect: unsigned },
  // End of realtime (H5).

  // Notifications (H6). The fixture notification belongs to the member: for
  // anyone else its id is a 404. "latest" answers JSON only (406 to an
  // Inertia visit); opening one marks it read and goes to its target post.
  'notifications.index': {
    expect: {
      guest: to(LOGIN),
      member: ok('Homepage/Notifications'),
      external: ok('Homepage/Notifications'),
      admin: ok('Dashboard/Notification'),
    },
  },
  'notifications.latest': { expect: signedIn({ status: 406 }) },
  'notifications.read_all': { expect: signedIn(back) },
  'notifications.open': {
    expect: {
      guest: to(LOGIN),
      member: to('*'),
      external: { status: 404 },
      admin: { status: 404 },
    },
  },
  'notifications.read': {
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: { status: 404 } },
  },
  'feed.new': { expect: signedIn({ status: 406 }) },
  // End of notifications (H6).

  // Web Push and the installable app (issue 15). Empty forms are refused by
  // validation (back); no subscription has the fixture id (404 for everyone);
  // the manifest is public.
  'push.store': { expect: signedIn(back) },
  'push.unsubscribe': { expect: signedIn(back) },
  'push.destroy': { expect: signedIn({ status: 404 }) },
  'push.setting': { expect: signedIn(back) },
  // Notification settings (issue 15 §4): one's own; muting a post one can
  // see (externals cannot see the team fixture post: 404) or a
  // conversation one is in (nobody has one with ben: 404).
  'profile.notifications.edit': { expect: signedIn(ok('Profile/Notifications')) },
  'profile.notifications.update': { expect: signedIn(back) },
  'posts.mute': {
    body: { muted: true },
    expect: { guest: to(LOGIN), member: back, external: { status: 404 }, admin: back },
  },
  'messages.mute': { body: { muted: true }, expect: signedIn({ status: 404 }) },
  // One-click unsubscribe from e-mails (issue 15 §3): the signed link is the
  // only key (tests/functional/notifications/away_mail.spec.ts); without it
  // everyone, signed in or not, is refused.
  'email.unsubscribe': {
    expect: {
      guest: { status: 403, page: 'Auth/Unsubscribe' },
      member: { status: 403, page: 'Auth/Unsubscribe' },
      external: { status: 403, page: 'Auth/Unsubscribe' },
      admin: { status: 403, page: 'Auth/Unsubscribe' },
    },
  },
  'email.unsubscribe.store': {
    expect: {
      guest: { status: 403 },
      member: { status: 403 },
      external: { status: 403 },
      admin: { status: 403 },
    },
  },
  // The service worker exists once the app is built (CI builds first).
  'pwa.service_worker': {
    expect: {
      guest: swOutcome(),
      member: swOutcome(),
      external: swOutcome(),
      admin: swOutcome(),
    },
  },
  'pwa.manifest': {
    expect: {
      guest: { status: 200 },
      member: { status: 200 },
      external: { status: 200 },
      admin: { status: 200 },
    },
  },

  // People (H1). Profiles and blocks target the demo member "ben" (visible to
  // everyone signed in); blocking him goes back. Empty report and upload
  // forms are refused by validation (back); removing an image that is not
  // there goes back too. Ben's avatar and cover are served to everyone
  // signed in.
  'profiles.show': { expect: signedIn(ok('Homepage/UserProfile')) },
  'blocks.store': { expect: signedIn(back) },
  'blocks.destroy': { expect: signedIn(back) },
  'reports.store': { expect: signedIn(back) },
  'profile.cover': { expect: signedIn(ok('Profile/Cover')) },
  'profile.cover.update': { expect: signedIn(back) },
  'profile.cover.destroy': { expect: signedIn(back) },
  'profile.avatar.update': { expect: signedIn(back) },
  'profile.avatar.destroy': { expect: signedIn(back) },
  'users.avatar': { expect: signedIn(ok()) },
  'users.cover': { expect: signedIn(ok()) },
  // End of people (H1).

  // Catch-all: unknown URLs, any method.
  'not_found': {
    expect: { guest: notFound, member: notFound, external: notFound, admin: notFound },
  },
}
