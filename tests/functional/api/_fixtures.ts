import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import Media from '#models/media'
import { DateTime } from 'luxon'
import Post from '#models/post'
import Comment from '#models/comment'
import Report from '#models/report'
import type User from '#models/user'
import type { ApiScope } from '#services/api/scopes'
import { dbNow } from '#services/db/db_time'
import { recountUnread } from '#queries/notifications'
import { UserFactory } from '#database/factories/user_factory'
import { member } from './_support.js'

/**
 * A small world for the API suites: `owner` (a member, the token's owner),
 * `other` (a member) with a published team post, a comment on it, and one
 * notification for each of them; a PDF attached to the post (on the faked
 * disk: apiGroup fakes Drive).
 */
export interface ApiWorld {
  owner: User
  other: User
  post: Post
  commentId: number
  ownNotificationId: number
  othersNotificationId: number
  /** A 1000-byte PDF of `post` ("0123456789" × 100). */
  mediaId: number
  /** Made by an endpoint's `setup` only (the feed tests count the owner's posts). */
  ownPostId?: number
  ownCommentId?: number
  pendingPostId?: number
  pendingExternalId?: number
}

export const MEDIA_BYTES = Buffer.from('0123456789'.repeat(100))

/** A file on the faked disk, attached to `post` (its author uploaded it). */
export async function attachFile(post: Post, contents = MEDIA_BYTES, mime = 'application/pdf') {
  const key = `media/2026/01/api-${post.id}-${Math.random().toString(36).slice(2)}.bin`
  await drive.use().put(key, contents)
  const media = await Media.create({
    uploaderId: post.authorId,
    postId: post.id,
    commentId: null,
    kind: mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : 'pdf',
    mime,
    size: contents.length,
    originalName: 'fixture.pdf',
    fileKey: key,
    displayKey: null,
    thumbKey: null,
    width: null,
    height: null,
    position: 0,
  })
  await db.from('posts').where('id', post.id).increment('media_count', 1)
  return media
}

async function insertId(table: string, row: Record<string, unknown>) {
  const [inserted] = await db.table(table).insert(row).returning('id')
  return Number(typeof inserted === 'object' ? inserted.id : inserted)
}

export async function notify(user: User, actor: User, postId: number) {
  const id = await insertId('notifications', {
    user_id: user.id,
    kind: 'post_liked',
    actor_id: actor.id,
    target_type: 'post',
    target_id: postId,
    data: JSON.stringify({ actorIds: [actor.id], actorCount: 1 }),
    created_at: dbNow(),
  })
  await recountUnread([user.id])
  return id
}

export async function publishedPost(author: User, audience: 'team' | 'public' = 'team') {
  return Post.create({
    authorId: author.id,
    bodyHtml: '<p>Hello from the API suite</p>',
    bodyText: 'Hello from the API suite',
    audience,
    status: 'published',
    sharedPostId: null,
    publishedAt: DateTime.now(),
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    mediaCount: 0,
  })
}

export async function seedWorld(): Promise<ApiWorld> {
  const owner = await member()
  const other = await member()
  const post = await publishedPost(other)
  const comment = await Comment.create({
    postId: post.id,
    authorId: other.id,
    body: 'First!',
    likesCount: 0,
    mediaCount: 0,
  })
  await db.from('posts').where('id', post.id).update({ comments_count: 1 })
  const media = await attachFile(post)
  return {
    mediaId: media.id,
    owner,
    other,
    post,
    commentId: comment.id,
    ownNotificationId: await notify(owner, other, post.id),
    othersNotificationId: await notify(other, owner, post.id),
  }
}

export interface Endpoint {
  name: string
  method: 'get' | 'post' | 'put' | 'delete'
  scope: ApiScope
  path: (world: ApiWorld) => string
  body?: Record<string, unknown> | ((world: ApiWorld) => Record<string, unknown>)
  /** What the request needs besides the world (the owner's own post, say). */
  setup?: (world: ApiWorld) => Promise<void>
  /** The status of a valid request by the owner. */
  ok: number
}

/** The world an endpoint's requests are made in. */
export async function worldFor(endpoint: Endpoint) {
  const world = await seedWorld()
  await endpoint.setup?.(world)
  return world
}

export function bodyFor(endpoint: Endpoint, world: ApiWorld) {
  return typeof endpoint.body === 'function' ? endpoint.body(world) : endpoint.body
}

async function ownPost(world: ApiWorld) {
  const post = await publishedPost(world.owner)
  world.ownPostId = post.id
}

/** The back office's endpoints: the owner is an admin, and a post waits for review. */
async function ownerAdminWithQueue(world: ApiWorld) {
  world.owner.role = 'admin'
  await world.owner.save()
  const post = await publishedPost(world.other, 'public')
  post.status = 'pending'
  post.publishedAt = null
  await post.save()
  world.pendingPostId = post.id
}

/** The back office's reports: the owner is an admin, and someone reported the other's post. */
async function ownerAdminWithReport(world: ApiWorld) {
  world.owner.role = 'admin'
  await world.owner.save()
  const reporter = await member()
  await Report.create({
    reporterId: reporter.id,
    subjectType: 'post',
    subjectId: world.post.id,
    reason: 'spam',
    details: null,
    status: 'pending',
  })
}

/** Admin → People: the owner is an admin (the other member is the one acted upon). */
async function ownerAdmin(world: ApiWorld) {
  world.owner.role = 'admin'
  await world.owner.save()
}

/** …and the other member is blocked. */
async function ownerAdminOtherBlocked(world: ApiWorld) {
  await ownerAdmin(world)
  world.other.merge({ isActive: false, blockedReason: 'Spam', blockedAt: DateTime.now() })
  await world.other.save()
}

/** …and an external registration waits for a decision. */
async function ownerAdminWithRegistration(world: ApiWorld) {
  await ownerAdmin(world)
  const registration = await UserFactory.apply('pending').create()
  world.pendingExternalId = registration.id
}

async function ownComment(world: ApiWorld) {
  const comment = await Comment.create({
    postId: world.post.id,
    authorId: world.owner.id,
    body: 'Mine',
    likesCount: 0,
    mediaCount: 0,
  })
  await db.from('posts').where('id', world.post.id).increment('comments_count', 1)
  world.ownCommentId = comment.id
}

/** Every endpoint of the API, with a valid request of the owner's. */
export const ENDPOINTS: Endpoint[] = [
  { name: 'api.me', method: 'get', scope: 'read', path: () => '/api/v1/me', ok: 200 },
  {
    name: 'api.feeds.team',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/feeds/team',
    ok: 200,
  },
  {
    name: 'api.feeds.public',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/feeds/public',
    ok: 200,
  },
  {
    name: 'api.people.show',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/people/${w.other.username}`,
    ok: 200,
  },
  {
    name: 'api.people.posts',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/people/${w.other.username}/posts`,
    ok: 200,
  },
  {
    name: 'api.posts.show',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/posts/${w.post.id}`,
    ok: 200,
  },
  {
    name: 'api.posts.store',
    method: 'post',
    scope: 'write',
    path: () => '/api/v1/posts',
    body: { body: 'Posted through the API', audience: 'team' },
    ok: 201,
  },
  {
    name: 'api.comments.index',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/posts/${w.post.id}/comments`,
    ok: 200,
  },
  {
    name: 'api.comments.store',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/posts/${w.post.id}/comments`,
    body: { body: 'A comment through the API' },
    ok: 201,
  },
  {
    name: 'api.posts.like',
    method: 'put',
    scope: 'write',
    path: (w) => `/api/v1/posts/${w.post.id}/like`,
    ok: 200,
  },
  {
    name: 'api.posts.unlike',
    method: 'delete',
    scope: 'write',
    path: (w) => `/api/v1/posts/${w.post.id}/like`,
    ok: 200,
  },
  {
    name: 'api.notifications.index',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/notifications',
    ok: 200,
  },
  {
    name: 'api.notifications.unread',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/notifications/unread-count',
    ok: 200,
  },
  {
    name: 'api.notifications.read_all',
    method: 'post',
    scope: 'write',
    path: () => '/api/v1/notifications/read-all',
    ok: 200,
  },
  {
    name: 'api.notifications.read',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/notifications/${w.ownNotificationId}/read`,
    ok: 200,
  },
  { name: 'api.people.index', method: 'get', scope: 'read', path: () => '/api/v1/people', ok: 200 },
  {
    name: 'api.search.posts',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/search/posts?q=hello',
    ok: 200,
  },
  {
    name: 'api.conversations.index',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/conversations',
    ok: 200,
  },
  {
    name: 'api.messages.index',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/conversations/${w.other.username}/messages`,
    ok: 200,
  },
  {
    name: 'api.messages.store',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/conversations/${w.other.username}/messages`,
    body: { body: 'A message through the API' },
    ok: 201,
  },
  {
    name: 'api.messages.read',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/conversations/${w.other.username}/read`,
    ok: 200,
  },
  {
    name: 'api.messages.typing',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/conversations/${w.other.username}/typing`,
    ok: 204,
  },
  {
    name: 'api.albums.photos',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/albums/photos',
    ok: 200,
  },
  {
    name: 'api.albums.videos',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/albums/videos',
    ok: 200,
  },
  {
    name: 'api.media.show',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/media/${w.mediaId}/original`,
    ok: 200,
  },
  {
    name: 'api.feeds.mine',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/feeds/mine',
    ok: 200,
  },
  {
    name: 'api.feeds.liked',
    method: 'get',
    scope: 'read',
    path: () => '/api/v1/feeds/liked',
    ok: 200,
  },
  { name: 'api.feeds.top', method: 'get', scope: 'read', path: () => '/api/v1/feeds/top', ok: 200 },
  {
    name: 'api.people.block',
    method: 'put',
    scope: 'write',
    path: (w) => `/api/v1/people/${w.other.username}/block`,
    ok: 200,
  },
  {
    name: 'api.people.unblock',
    method: 'delete',
    scope: 'write',
    path: (w) => `/api/v1/people/${w.other.username}/block`,
    ok: 200,
  },
  {
    name: 'api.reports.store',
    method: 'post',
    scope: 'write',
    path: () => '/api/v1/reports',
    body: (w) => ({ type: 'post', id: w.post.id, reason: 'spam' }),
    ok: 201,
  },
  {
    name: 'api.posts.update',
    method: 'put',
    scope: 'write',
    setup: ownPost,
    path: (w) => `/api/v1/posts/${w.ownPostId}`,
    body: { body: 'Edited through the API', audience: 'team' },
    ok: 200,
  },
  {
    name: 'api.posts.destroy',
    method: 'delete',
    scope: 'write',
    setup: ownPost,
    path: (w) => `/api/v1/posts/${w.ownPostId}`,
    ok: 200,
  },
  {
    name: 'api.posts.share',
    method: 'post',
    scope: 'write',
    path: (w) => `/api/v1/posts/${w.post.id}/share`,
    body: { body: 'Worth a read' },
    ok: 201,
  },
  {
    name: 'api.posts.likers',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/posts/${w.post.id}/likes`,
    ok: 200,
  },
  {
    name: 'api.comments.destroy',
    method: 'delete',
    scope: 'write',
    setup: ownComment,
    path: (w) => `/api/v1/comments/${w.ownCommentId}`,
    ok: 200,
  },
  {
    name: 'api.comments.like',
    method: 'put',
    scope: 'write',
    path: (w) => `/api/v1/comments/${w.commentId}/like`,
    ok: 200,
  },
  {
    name: 'api.comments.unlike',
    method: 'delete',
    scope: 'write',
    path: (w) => `/api/v1/comments/${w.commentId}/like`,
    ok: 200,
  },
  {
    name: 'api.comments.likers',
    method: 'get',
    scope: 'read',
    path: (w) => `/api/v1/comments/${w.commentId}/likes`,
    ok: 200,
  },
  {
    name: 'api.admin.moderation.index',
    method: 'get',
    scope: 'admin',
    setup: ownerAdminWithQueue,
    path: () => '/api/v1/admin/moderation',
    ok: 200,
  },
  {
    name: 'api.admin.moderation.decide',
    method: 'post',
    scope: 'admin',
    setup: ownerAdminWithQueue,
    path: () => '/api/v1/admin/moderation/decisions',
    body: (w) => ({ ids: [w.pendingPostId], decision: 'approve' }),
    ok: 200,
  },
  {
    name: 'api.admin.reports.index',
    method: 'get',
    scope: 'admin',
    setup: ownerAdminWithReport,
    path: () => '/api/v1/admin/reports',
    ok: 200,
  },
  {
    name: 'api.admin.reports.show',
    method: 'get',
    scope: 'admin',
    setup: ownerAdminWithReport,
    path: (w) => `/api/v1/admin/reports/post/${w.post.id}`,
    ok: 200,
  },
  {
    name: 'api.admin.reports.decide',
    method: 'post',
    scope: 'admin',
    setup: ownerAdminWithReport,
    path: (w) => `/api/v1/admin/reports/post/${w.post.id}/decision`,
    body: { decision: 'dismiss' },
    ok: 200,
  },
  {
    name: 'api.admin.people.index',
    method: 'get',
    scope: 'admin',
    setup: ownerAdmin,
    path: () => '/api/v1/admin/people',
    ok: 200,
  },
  {
    name: 'api.admin.people.show',
    method: 'get',
    scope: 'admin',
    setup: ownerAdmin,
    path: (w) => `/api/v1/admin/people/${w.other.id}`,
    ok: 200,
  },
  {
    name: 'api.admin.people.role',
    method: 'put',
    scope: 'admin',
    setup: ownerAdmin,
    path: (w) => `/api/v1/admin/people/${w.other.id}/role`,
    body: { role: 'external' },
    ok: 200,
  },
  {
    name: 'api.admin.people.block',
    method: 'post',
    scope: 'admin',
    setup: ownerAdmin,
    path: (w) => `/api/v1/admin/people/${w.other.id}/block`,
    body: { reason: 'Spamming the feed' },
    ok: 200,
  },
  {
    name: 'api.admin.people.unblock',
    method: 'post',
    scope: 'admin',
    setup: ownerAdminOtherBlocked,
    path: (w) => `/api/v1/admin/people/${w.other.id}/unblock`,
    ok: 200,
  },
  {
    name: 'api.admin.people.sign_out',
    method: 'post',
    scope: 'admin',
    setup: ownerAdmin,
    path: (w) => `/api/v1/admin/people/${w.other.id}/sign-out`,
    ok: 200,
  },
  {
    name: 'api.admin.people.approve',
    method: 'post',
    scope: 'admin',
    setup: ownerAdminWithRegistration,
    path: (w) => `/api/v1/admin/people/${w.pendingExternalId}/approve`,
    ok: 200,
  },
  {
    name: 'api.admin.people.reject',
    method: 'post',
    scope: 'admin',
    setup: ownerAdminWithRegistration,
    path: (w) => `/api/v1/admin/people/${w.pendingExternalId}/reject`,
    body: { reason: 'Not on the team' },
    ok: 200,
  },
]
