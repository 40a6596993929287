import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import type { NotificationKind, TargetType } from '#actions/notifications/kinds'
import { applyVisibility, whereNotBlockedWith, type Viewer } from '#queries/feeds/visible_posts'
import { authorJson } from '#transformers/post_transformer'
import { parseIdCursor, splitPage } from '#queries/feeds/cursor'
import { rawRows } from '#queries/feeds/db_time'

/**
 * Reading notifications (PRODUCT §6): the unread count, the keyset list
 * (newest first, 20 a page), the dropdown's latest, and the JSON shape the
 * browser gets. Notifications whose actor is now in a block relation with
 * the viewer are left out everywhere (count included), so a block hides
 * them at once; names are shown by name, username and avatar only.
 */
export const NOTIFICATIONS_PAGE_SIZE = 20
export const LATEST_LIMIT = 8
/** The bell shows "99+" above this. */
export const UNREAD_DISPLAY_CAP = 99
const EXCERPT_LENGTH = 90

export interface NotificationActor {
  id: number
  username: string
  fullName: string
  initials: string
  avatarUrl: string | null
}

export interface NotificationItem {
  id: number
  kind: NotificationKind
  read: boolean
  createdAt: string | null
  /** Up to two people, newest first. */
  actors: NotificationActor[]
  /** How many different people acted ("Ana and 3 others": 4). */
  actorCount: number
  /** The start of the post concerned, when the viewer may still see it. */
  excerpt: string | null
  reason: string | null
  /** The link's href (the target; a click also marks it read). */
  url: string
  /** Where the notification leads (the app marks it read, then visits this). */
  target: string
}

/** Keeps notifications whose actor has no block relation with `t.user_id`. */
function withoutBlockedActors<Q extends { whereNotExists: (cb: (q: any) => void) => Q }>(
  query: Q,
  t = 'notifications'
): Q {
  return query.whereNotExists((blocks: any) =>
    blocks
      .from('blocks as nb')
      .where((pair: any) =>
        pair
          .whereColumn('nb.blocker_id', `${t}.user_id`)
          .whereColumn('nb.blocked_id', `${t}.actor_id`)
      )
      .orWhere((pair: any) =>
        pair
          .whereColumn('nb.blocker_id', `${t}.actor_id`)
          .whereColumn('nb.blocked_id', `${t}.user_id`)
      )
  )
}

/** The viewer's unread notifications (one indexed COUNT). */
export async function unreadCount(userId: number): Promise<number> {
  const row = await withoutBlockedActors(
    db.from('notifications').where('notifications.user_id', userId).whereNull('read_at')
  )
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}

/**
 * Stores the exact unread count on users.unread_notifications_count (the
 * bell's page prop, read with the signed-in user: no query per page), in
 * one UPDATE for any number of users. Called whenever notifications are
 * stored or read, in the same transaction when there is one. Returns the
 * counts it stored (UPDATE … RETURNING), by user id, for the live push.
 */
export async function recountUnread(
  userIds: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)]
  const counts = new Map<number, number>()
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500)
    // Raw: Lucid drops .returning() on SQLite, which has had RETURNING since 3.35.
    const result = await client.rawQuery(
      `UPDATE users SET unread_notifications_count = (SELECT COUNT(*) FROM notifications AS un
         WHERE un.user_id = users.id AND un.read_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM blocks AS ub WHERE (ub.blocker_id = un.user_id AND ub.blocked_id = un.actor_id)
             OR (ub.blocker_id = un.actor_id AND ub.blocked_id = un.user_id)))
       WHERE id IN (${chunk.map(() => '?').join(', ')})
       RETURNING id, unread_notifications_count`,
      chunk
    )
    for (const row of rawRows<{ id: unknown; unread_notifications_count: unknown }>(result)) {
      counts.set(Number(row.id), Number(row.unread_notifications_count))
    }
  }
  return counts
}

/**
 * The exact unread count for the notifications page and dropdown. Reading
 * only (no GET writes, SECURITY T6): the stored count is kept right where it
 * changes — notifications stored or read, and blocks (app/actions/people/blocks.ts).
 */
export async function syncedUnreadCount(user: { id: number }) {
  return unreadCount(user.id)
}

export interface NotificationPage {
  items: NotificationItem[]
  cursor: string | null
  nextCursor: string | null
}

/** One page of the viewer's notifications, newest first (keyset on id). */
export async function notificationPage(
  viewer: number | Viewer,
  rawCursor?: unknown,
  size = NOTIFICATIONS_PAGE_SIZE
): Promise<NotificationPage> {
  const userId = typeof viewer === 'number' ? viewer : viewer.id
  const cursor = parseIdCursor(rawCursor)
  const query = withoutBlockedActors(Notification.query().where('notifications.user_id', userId))
  if (cursor !== null) query.where('notifications.id', '<', cursor)
  const rows = await query.orderBy('notifications.id', 'desc').limit(size + 1)
  const { items, hasMore } = splitPage(rows, size)
  return {
    items: await present(items, viewer),
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}

/** The dropdown: the latest few and the unread count. */
export async function latestNotifications(user: Viewer & { unreadNotificationsCount?: number }) {
  const [page, unread] = await Promise.all([
    notificationPage(user, null, LATEST_LIMIT),
    syncedUnreadCount(user),
  ])
  return { items: page.items, unreadCount: unread }
}

/** The viewer's own notification with that id, or null (someone else's → 404). */
export function findOwnNotification(userId: number, id: number) {
  return Notification.query().where('id', id).where('user_id', userId).first()
}

/**
 * The browser shape of `rows`, all belonging to `viewerId`, in two queries
 * whatever their number: the people named (without anyone in a block
 * relation with the viewer) and the posts excerpted (through THE
 * visibility rule, so an excerpt never shows what the viewer cannot see).
 */
export async function present(
  rows: Notification[],
  viewerOrId: number | Viewer
): Promise<NotificationItem[]> {
  if (rows.length === 0) return []
  const viewerId = typeof viewerOrId === 'number' ? viewerOrId : viewerOrId.id
  const actorIds = new Set<number>()
  const postIds = new Set<number>()
  for (const row of rows) {
    if (row.actorId) actorIds.add(row.actorId)
    for (const id of row.data.actorIds.slice(0, 3)) actorIds.add(id)
    const postId = postOf(row)
    if (postId) postIds.add(postId)
  }

  const [people, viewer] = await Promise.all([
    actorIds.size
      ? whereNotBlockedWith(
          db
            .from('users')
            .whereIn('id', [...actorIds])
            .whereNull('deleted_at'),
          viewerId,
          'users.id'
        ).select('id', 'full_name', 'username', 'avatar_key')
      : [],
    typeof viewerOrId === 'number'
      ? db.from('users').where('id', viewerId).select('id', 'role').first()
      : viewerOrId,
  ])
  const byId = new Map<number, NotificationActor>(
    people.map((user: any) => [
      Number(user.id),
      authorJson({
        id: Number(user.id),
        fullName: user.full_name,
        username: user.username,
        avatarKey: user.avatar_key,
      }),
    ])
  )

  const excerpts = new Map<number, string>()
  if (postIds.size && viewer) {
    const posts = await applyVisibility(db.from('posts').whereIn('posts.id', [...postIds]), {
      id: Number(viewer.id),
      role: viewer.role,
    }).select('posts.id', 'posts.body_text')
    for (const post of posts) excerpts.set(Number(post.id), excerpt(post.body_text))
  }

  return rows.map((row) => {
    const known = row.data.actorIds.length ? row.data.actorIds : row.actorId ? [row.actorId] : []
    const actors = known.map((id) => byId.get(id)).filter((actor) => actor !== undefined)
    const hidden = known.length - actors.length
    const postId = postOf(row)
    // A one-to-one conversation opens with the person who wrote.
    const target =
      row.targetType === 'conversation' && actors[0]?.username && router.has('messages.show')
        ? routeOr('messages.show', { username: actors[0].username }, '/')
        : targetUrl(row)
    return {
      id: row.id,
      kind: row.kind,
      read: row.readAt !== null,
      createdAt: row.createdAt?.toISO() ?? null,
      actors: actors.slice(0, 2),
      actorCount: Math.max(actors.length, (row.data.actorCount || known.length) - hidden),
      excerpt: postId ? (excerpts.get(postId) ?? null) : null,
      reason: row.data.reason ?? null,
      url: target,
      target,
    }
  })
}

/** The post a notification is about, if any. */
function postOf(row: Pick<Notification, 'targetType' | 'targetId' | 'data'>) {
  if (row.targetType === 'post') return row.targetId
  if (row.targetType === 'comment') return row.data.postId ?? null
  return null
}

function excerpt(text: string | null) {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim()
  if (flat.length <= EXCERPT_LENGTH) return flat
  return `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`
}

function routeOr(name: string, params: Record<string, unknown> | undefined, fallback: string) {
  if (!router.has(name)) return fallback
  try {
    return router.urlBuilder.urlFor(name as any, params as any)
  } catch {
    return fallback
  }
}

/**
 * Where clicking a notification leads: the post (at the comment's anchor),
 * the conversation, the external accounts waiting for approval, or home.
 * A target the viewer can no longer see answers 404 there, as for any link.
 */
export function targetUrl(
  row: Pick<Notification, 'kind' | 'targetType' | 'targetId' | 'data'>
): string {
  const type: TargetType = row.targetType
  if (type === 'post') {
    const url = routeOr('posts.show', { id: row.targetId }, `/posts/${row.targetId}`)
    return row.kind === 'post_commented' && row.data.commentId
      ? `${url}#comment-${row.data.commentId}`
      : url
  }
  if (type === 'comment') {
    const postId = row.data.postId
    if (!postId) return '/'
    return `${routeOr('posts.show', { id: postId }, `/posts/${postId}`)}#comment-${row.targetId}`
  }
  if (type === 'conversation') {
    // The list points at the person (see notificationItems); alone, the inbox.
    return routeOr('messages.index', undefined, '/')
  }
  if (type === 'user') {
    const base = routeOr('users.public', undefined, '/')
    return row.kind === 'registration_pending' ? `${base}?status=pending` : '/'
  }
  if (type === 'report') return routeOr('reports.index', undefined, '/')
  return '/'
}
