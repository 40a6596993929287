import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import { applyVisibility, whereNotBlockedWith, type Viewer } from '#queries/feeds/visible_posts'
import type { PersonRecord } from '#queries/people/profiles'
import { parseIdCursor, splitPage } from '#queries/feeds/cursor'
import { recountLockStep } from '#services/recount_lock'
import { driveSqlSteps, type SqlSteps } from '#services/db/sql_steps'
import { notBlockedPairSql, pairColumn, whereNotBlockedPair } from '#queries/people/blocked_pair'

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

/**
 * A notification with what its JSON needs, read for one viewer: the people
 * named that the viewer may still see (newest first), how many named people
 * are hidden from them, and the excerpt of the post concerned, when the
 * viewer may see it. NotificationTransformer shapes it.
 */
export interface NotificationRecord {
  notification: Notification
  actors: PersonRecord[]
  hiddenActors: number
  excerpt: string | null
}

/** Keeps notifications whose actor has no block relation with `t.user_id`. */
function withoutBlockedActors<Q extends { whereRaw(sql: string, bindings?: any[]): Q }>(
  query: Q,
  t = 'notifications'
): Q {
  return whereNotBlockedPair(query, pairColumn(`${t}.user_id`), pairColumn(`${t}.actor_id`))
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
  // PostgreSQL: in a transaction of its own when called outside one, as
  // the rows are locked first and a lock lasts as long as its transaction.
  if (!client.isTransaction && client.dialect.name === 'postgres') {
    return client.transaction((trx) => recountUnread(userIds, trx))
  }
  return driveSqlSteps(recountUnreadSteps(userIds, client.dialect.name === 'postgres'), client)
}

/**
 * recountUnread's statements, for a SqlSteps transaction of its own
 * (app/services/db/sql_steps.ts; Notify's): on PostgreSQL each chunk's
 * rows are locked first (app/services/recount_lock.ts), then one UPDATE …
 * RETURNING per 500 users (raw: Lucid drops .returning() on SQLite, which
 * has had RETURNING since 3.35).
 */
export function* recountUnreadSteps(
  userIds: number[],
  postgres: boolean
): SqlSteps<Map<number, number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b)
  const counts = new Map<number, number>()
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500)
    if (postgres) yield recountLockStep('users', chunk)
    const rows = yield {
      sql: `UPDATE users SET unread_notifications_count = (SELECT COUNT(*) FROM notifications AS un
         WHERE un.user_id = users.id AND un.read_at IS NULL
           AND ${notBlockedPairSql('un.user_id', 'un.actor_id')})
       WHERE id IN (${chunk.map(() => '?').join(', ')})
       RETURNING id, unread_notifications_count`,
      bindings: chunk,
    }
    for (const row of rows) counts.set(Number(row.id), Number(row.unread_notifications_count))
  }
  return counts
}

/**
 * The exact unread count for the notifications page and dropdown. Reading
 * only (no GET writes, SECURITY T6): the stored count is kept right where it
 * changes — notifications stored or read, and blocks (app/actions/people/block_person.ts, unblock_person.ts).
 */
export async function syncedUnreadCount(user: { id: number }) {
  return unreadCount(user.id)
}

export interface NotificationPage {
  items: NotificationRecord[]
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
    items: await notificationRecords(items, viewer),
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
 * What the JSON of `rows` (all belonging to `viewerId`) needs, in two
 * queries whatever their number: the people named (without anyone in a
 * block relation with the viewer) and the posts excerpted (through THE
 * visibility rule, so an excerpt never shows what the viewer cannot see).
 */
export async function notificationRecords(
  rows: Notification[],
  viewerOrId: number | Viewer
): Promise<NotificationRecord[]> {
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
  const byId = new Map<number, PersonRecord>(
    people.map((user: any) => [
      Number(user.id),
      {
        id: Number(user.id),
        fullName: user.full_name,
        username: user.username,
        avatarKey: user.avatar_key,
      },
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
    const postId = postOf(row)
    return {
      notification: row,
      actors,
      hiddenActors: known.length - actors.length,
      excerpt: postId ? (excerpts.get(postId) ?? null) : null,
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
