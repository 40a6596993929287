import { randomInt } from 'node:crypto'
import { recountUnread } from '#queries/notifications'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import type { Group } from '@japa/runner/core'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import User from '#models/user'
import DemoSeeder from '#database/seeders/demo_seeder'
import { UserFactory } from '#database/factories/user_factory'
import { clearSettingsCache } from '#services/settings'
import {
  seedEngagementWorld,
  type EngagementWorld,
} from '#tests/functional/engagement/security_fixtures'
import drive from '@adonisjs/drive/services/main'
import Post from '#models/post'
import Media from '#models/media'
import { dbNow } from '#services/db/db_time'
import realtimeConfig from '#config/realtime'

/**
 * Shared fixtures for the security suites (SECURITY.md §5): the demo team
 * plus one approved external account and one outbox mail, so every route
 * parameter can point at a real record.
 */
export const ACTORS = ['guest', 'member', 'external', 'admin'] as const
export type Actor = (typeof ACTORS)[number]

export interface World {
  member: User
  external: User
  admin: User
  /** An external account waiting for approval (demo "eve"). */
  pending: User
  outboxId: number
  /** Feeds & engagement: a team post by `member` with a comment by `admin`. */
  engagement: EngagementWorld
  /** A published team post by `member` (ana), with one file (`mediaId`). */
  post: Post
  mediaId: number
  /** People (H1): a demo member ("ben") with an avatar and a cover. */
  imagesUserId: number
  /** Notifications (H6): a notification of the member's (ana). */
  notificationId: number
  /** Reports queue (issue 19 §2): ben's pending report of `post`. */
  reportedPostId: number
}

export interface RouteInfo {
  name: string
  pattern: string
  methods: string[]
  middleware: string[]
}

/**
 * Seeds the world once for a group, inside a global transaction that is
 * rolled back when the group ends (nothing is ever committed). Each test
 * wraps its requests in `isolated`, a savepoint of that transaction, so
 * one request's writes never reach the next.
 */
export function useSeededWorld(group: Group) {
  const world = {} as World
  group.setup(async () => {
    await db.beginGlobalTransaction()
    clearSettingsCache()
    await new DemoSeeder(db.connection()).accounts()
    Object.assign(world, {
      member: await User.findByOrFail('email', 'ana@huddle.test'),
      admin: await User.findByOrFail('email', 'admin@huddle.test'),
      pending: await User.findByOrFail('email', 'eve@example.com'),
      external: await UserFactory.apply('external').merge({ fullName: 'Xena External' }).create(),
    })
    const [row] = await db
      .table('outbox_messages')
      .insert({
        message_id: 'security-fixture',
        to_address: 'ana@huddle.test',
        subject: 'Fixture mail',
        html: '<p>Hello</p>',
        text: 'Hello',
        created_at: new Date(),
      })
      .returning('id')
    world.outboxId = typeof row === 'object' ? row.id : row
    world.engagement = await seedEngagementWorld(world.member, world.admin)
    // Posts & media: files go to a faked disk (this process's own folder).
    drive.fake()
    world.post = await Post.create({
      authorId: world.member.id,
      bodyHtml: '<p>Security fixture post</p>',
      bodyText: 'Security fixture post',
      audience: 'team',
      status: 'published',
      sharedPostId: null,
      mediaCount: 1,
    })
    await drive.use().put('media/fixture/security.pdf', '%PDF-1.4\n%%EOF\n')
    const media = await Media.create({
      uploaderId: world.member.id,
      postId: world.post.id,
      commentId: null,
      kind: 'pdf',
      mime: 'application/pdf',
      size: 15,
      originalName: 'security.pdf',
      fileKey: 'media/fixture/security.pdf',
      displayKey: null,
      thumbKey: null,
      width: null,
      height: null,
      position: 0,
    })
    world.mediaId = media.id
    // People (H1): "ben" (no actor, so no route removes them) has an avatar and a cover.
    const ben = await User.findByOrFail('username', 'ben')
    world.imagesUserId = ben.id
    for (const key of ['avatars/fixture/security-256.webp', 'avatars/fixture/security-96.webp']) {
      await drive.use().put(key, 'RIFF fixture')
    }
    await drive.use().put('covers/fixture/security.webp', 'RIFF fixture')
    await db.from('users').where('id', ben.id).update({
      avatar_key: 'avatars/fixture/security-256.webp',
      cover_key: 'covers/fixture/security.webp',
    })
    const [notification] = await db
      .table('notifications')
      .insert({
        user_id: world.member.id,
        kind: 'post_liked',
        actor_id: world.admin.id,
        target_type: 'post',
        target_id: world.post.id,
        data: JSON.stringify({ actorIds: [world.admin.id], actorCount: 1 }),
        created_at: dbNow(),
      })
      .returning('id')
    world.notificationId = typeof notification === 'object' ? notification.id : notification
    await recountUnread([world.member.id])
    // Reports queue (issue 19 §2): ben reported ana's fixture post.
    await db.table('reports').insert({
      reporter_id: ben.id,
      subject_type: 'post',
      subject_id: world.post.id,
      reason: 'spam',
      details: 'Security fixture report',
      status: 'pending',
      created_at: dbNow(),
    })
    world.reportedPostId = world.post.id
    return async () => {
      await db.rollbackGlobalTransaction()
      clearSettingsCache()
      drive.restore()
    }
  })
  return world
}

/**
 * Runs `work` in a savepoint of the current global transaction (or in a
 * global transaction of its own), always rolled back. While it runs, the
 * savepoint stands in for the global transaction, so the app's queries
 * (same process) go through it too.
 */
export async function isolated<T>(work: () => Promise<T>): Promise<T> {
  const name = db.primaryConnectionName
  const outer = db.connectionGlobalTransactions.get(name)
  if (!outer) {
    await db.beginGlobalTransaction()
    try {
      return await work()
    } finally {
      await db.rollbackGlobalTransaction()
    }
  }
  const savepoint = await outer.transaction()
  db.connectionGlobalTransactions.set(name, savepoint)
  try {
    return await work()
  } finally {
    await savepoint.rollback()
    db.connectionGlobalTransactions.set(name, outer)
    clearSettingsCache()
  }
}

/** Every named route of the app, as the router knows it (HEAD folded into GET). */
export function appRoutes(): RouteInfo[] {
  const routes: RouteInfo[] = []
  for (const list of Object.values(router.toJSON())) {
    for (const route of list) {
      const middleware = [...route.middleware.all()]
        .map((entry: any) => entry?.name)
        .filter((name: unknown): name is string => typeof name === 'string' && name.length > 0)
      routes.push({
        name: route.name ?? `${route.methods.join('|')} ${route.pattern}`,
        pattern: route.pattern,
        methods: route.methods.filter((method) => method !== 'HEAD'),
        middleware,
      })
    }
  }
  return routes
}

export const isReadMethod = (method: string) => method === 'GET' || method === 'OPTIONS'

/** The route's URL with its parameters pointing at seeded records. */
export function urlFor(route: RouteInfo, world: World) {
  const values: Record<string, string | number> = {
    'users.approve:id': world.pending.id,
    'users.reject:id': world.pending.id,
    'verification.verify:id': world.member.id,
    'dev.outbox.show:id': world.outboxId,
    'password.reset:token': 'a'.repeat(64),
    // Private messages (H7): the conversation with the demo member "ben".
    'messages.show:username': 'ben',
    'messages.history:username': 'ben',
    'messages.store:username': 'ben',
    'messages.read:username': 'ben',
    'messages.typing:username': 'ben',
    'not_found:*': 'no-such-page',
    // Feeds & engagement
    'posts.like:id': world.engagement.postId,
    'posts.likes:id': world.engagement.postId,
    'comments.store:id': world.engagement.postId,
    'comments.like:id': world.engagement.commentId,
    'comments.destroy:id': world.engagement.commentId,
    // Posts & media
    'posts.show:id': world.post.id,
    'posts.edit:id': world.post.id,
    'posts.update:id': world.post.id,
    'posts.destroy:id': world.post.id,
    'posts.share:id': world.post.id,
    'media.show:id': world.mediaId,
    // People (H1): profiles and blocks target the demo member "ben"; images ben's.
    'profiles.show:username': 'ben',
    'blocks.store:username': 'ben',
    'blocks.destroy:username': 'ben',
    'users.avatar:id': world.imagesUserId,
    'users.cover:id': world.imagesUserId,
    // Admin posts (H3)
    'admin.dashboard.user_posts:id': world.member.id,
    'admin.posts.show:id': world.post.id,
    'admin.posts.edit:id': world.post.id,
    'admin.posts.update:id': world.post.id,
    'admin.posts.destroy:id': world.post.id,
    // Moderation (H8): a published post, so admins get "not pending" and nothing changes.
    'admin.posts.approve:id': world.post.id,
    'admin.posts.reject:id': world.post.id,
    'media.show:variant': 'original',
    // Failed jobs (issue 19 part D): no such job.
    'admin.jobs.retry:queue': 'mail',
    'admin.jobs.retry:id': 'no-such-job',
    'admin.jobs.destroy:queue': 'mail',
    'admin.jobs.destroy:id': 'no-such-job',
    // Moderation & reports (issue 19 §2): ben's report of the fixture post.
    'admin.moderation.unpublish:id': world.post.id,
    'admin.reports.show:type': 'post',
    'admin.reports.show:id': world.reportedPostId,
    'admin.reports.decide:type': 'post',
    'admin.reports.decide:id': world.reportedPostId,
    // People (admin part C): the pending external "eve", so nothing the matrix
    // does (sign-outs, blocked by the password confirmation) touches an actor.
    'admin.users.show:id': world.pending.id,
    'admin.users.edit:id': world.pending.id,
    'admin.users.update:id': world.pending.id,
    'admin.users.role:id': world.pending.id,
    'admin.users.password_reset:id': world.pending.id,
    'admin.users.block:id': world.pending.id,
    'admin.users.unblock:id': world.pending.id,
    'admin.users.sign_out:id': world.pending.id,
    'admin.admins.edit:id': world.admin.id,
    'admin.admins.update:id': world.admin.id,
    'admin.photos.destroy:id': world.imagesUserId,
    'admin.photos.destroy:kind': 'avatar',
    // Notifications (H6)
    'notifications.open:id': world.notificationId,
    'notifications.read:id': world.notificationId,
    'feed.new:feed': 'team',
    // Web Push (issue 15): no subscription has this id, so removing it is a 404.
    'push.destroy:id': 999999,
    // Webhooks (issue 14): no endpoint has this id, so an admin gets a 404.
    'admin.webhooks.update:id': 999999,
    'admin.webhooks.destroy:id': 999999,
    'admin.webhooks.rotate:id': 999999,
    'admin.webhooks.test:id': 999999,
    // Notification settings (issue 15 §4): mute the fixture post; the
    // conversation with ben (nobody has one with him: 404).
    'posts.mute:id': world.post.id,
    'messages.mute:username': 'ben',
    // One-click unsubscribe (issue 15 §3): no signature in the matrix: 403.
    'email.unsubscribe:id': world.member.id,
    'email.unsubscribe.store:id': world.member.id,
    // Realtime (H5): the Pusher HTTP API of this app
    'realtime.events:appId': realtimeConfig.appId,
    'realtime.batch_events:appId': realtimeConfig.appId,
    'realtime.channels:appId': realtimeConfig.appId,
    'realtime.channel:appId': realtimeConfig.appId,
    'realtime.channel:channel': 'presence-online',
    'realtime.channel_users:appId': realtimeConfig.appId,
    'realtime.channel_users:channel': 'presence-online',
    'realtime.terminate_connections:appId': realtimeConfig.appId,
    'realtime.terminate_connections:userId': '1',
    // Public API (issue 14): the same records; every actor is token-less here (401).
    'api.people.posts:username': 'ben',
    'api.people.show:username': 'ben',
    'api.posts.show:id': world.post.id,
    'api.admin.reports.show:type': 'post',
    'api.admin.reports.show:id': world.reportedPostId,
    'api.admin.reports.decide:type': 'post',
    'api.admin.reports.decide:id': world.reportedPostId,
    'api.admin.people.show:id': world.imagesUserId,
    'api.admin.people.role:id': world.imagesUserId,
    'api.admin.people.block:id': world.imagesUserId,
    'api.admin.people.unblock:id': world.imagesUserId,
    'api.admin.people.sign_out:id': world.imagesUserId,
    'api.admin.people.approve:id': world.imagesUserId,
    'api.admin.people.reject:id': world.imagesUserId,
    'api.comments.index:id': world.engagement.postId,
    'api.comments.store:id': world.engagement.postId,
    'api.posts.like:id': world.engagement.postId,
    'api.posts.unlike:id': world.engagement.postId,
    'api.notifications.read:id': world.notificationId,
    'api.messages.index:username': 'ben',
    'api.messages.store:username': 'ben',
    'api.messages.read:username': 'ben',
    'api.messages.typing:username': 'ben',
    'api.media.show:id': world.mediaId,
    'api.people.block:username': 'ben',
    'api.people.unblock:username': 'ben',
    'api.posts.update:id': world.post.id,
    'api.posts.destroy:id': world.post.id,
    'api.posts.share:id': world.engagement.postId,
    'api.posts.likers:id': world.engagement.postId,
    'api.comments.destroy:id': world.engagement.commentId,
    'api.comments.like:id': world.engagement.commentId,
    'api.comments.unlike:id': world.engagement.commentId,
    'api.comments.likers:id': world.engagement.commentId,
    'api.media.show:variant': 'original',
    'api.not_found:*': 'no-such-endpoint',
    'api.docs.asset:file': 'init.js',
    // API tokens: no such token (a member's own revoke of an unknown id is a 404).
    'profile.tokens.destroy:id': 999999,
    'admin.tokens.destroy:id': 999999,
  }
  return route.pattern.replace(/:(\w+)\??|\*/g, (token, param?: string) => {
    const key = `${route.name}:${param ?? '*'}`
    if (!(key in values))
      throw new Error(
        `No fixture value for parameter ${token} of route "${route.name}" (tests/helpers/security.ts)`
      )
    return encodeURIComponent(String(values[key]))
  })
}

export function userFor(actor: Actor, world: World): User | null {
  return actor === 'guest' ? null : world[actor]
}

/**
 * A fresh client address from the benchmarking range 198.18.0.0/15 (never
 * a real client, and apart from the fixed documentation addresses some
 * tests use). The app trusts X-Forwarded-For from loopback only, and the
 * test client is on loopback: a fresh address per request keeps per-IP rate
 * limits (sign-in, password reset) from carrying over between tests.
 *
 * Addresses are handed out in sequence from a random start, so none repeats
 * within a test process (the memory limiter store lives as long as the
 * process). Random picks collided: 60 picks from 65,000 addresses share one
 * about 3% of the time, and a reused address carries its failure count.
 */
const FRESH_IPS = 2 * 256 * 254
let nextIp = randomInt(0, FRESH_IPS)
export function freshIp() {
  const n = nextIp++ % FRESH_IPS
  const host = n % 254
  const net = Math.floor(n / 254)
  return `198.${18 + (net >> 8)}.${net & 255}.${host + 1}`
}

/** A request as `actor` (signed in through the session API client), from a fresh address. */
export function requestAs(
  client: ApiClient,
  method: string,
  url: string,
  actor: Actor,
  world: World
): ApiRequest {
  const request = client
    .request(url, method as any)
    .redirects(0)
    .header('x-forwarded-for', freshIp())
  const user = userFor(actor, world)
  return user ? request.loginAs(user) : request
}

/**
 * The actor whose request gets past the route's middleware to the
 * controller (and so its validation): guests for guest-only pages, admins
 * for the back office, members otherwise.
 */
export function actorReaching(route: RouteInfo): Actor {
  if (route.middleware.includes('guest')) return 'guest'
  if (route.middleware.includes('role')) return 'admin'
  if (route.middleware.includes('auth')) return 'member'
  return 'member'
}
