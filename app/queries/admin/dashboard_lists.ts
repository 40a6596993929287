import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import User from '#models/user'
import { ACCOUNT_STATS, type AccountStatKey } from '#services/dashboard_stats'
import { PAGE_SIZE, parseIdCursor, parsePairCursor, splitPage } from '#queries/feeds/cursor'
import { dbTime, millisToDb } from '#services/db/db_time'
import { PUBLISHED_SQL, postsIndexedBy } from '#queries/admin/dashboard'

/**
 * The dashboard's drill-down lists (issue 19 §1). Every list is a keyset
 * page (PAGE_SIZE rows, a cursor to the next) or a bounded top-N, with a
 * constant number of queries whatever its length: the page (+1 row to know
 * whether more follow), and the rows' authors in one preload.
 */
export interface Page<T> {
  items: T[]
  cursor: string | null
  nextCursor: string | null
}

function page<T>(rows: T[], cursor: unknown, next: (last: T) => string): Page<T> {
  const { items, hasMore } = splitPage(rows)
  return {
    items,
    cursor: typeof cursor === 'string' && cursor !== '' ? cursor : null,
    nextCursor: hasMore && items.length ? next(items[items.length - 1]) : null,
  }
}

/* ---------------------------------------------------------- Dashboard/Account */

export const ACCOUNT_TABS = ACCOUNT_STATS.map((stat) => stat.key)

/** One tab of Dashboard/Account: the accounts a dashboard figure counts, newest first. */
export async function accountsPage(tab: AccountStatKey, rawCursor: unknown): Promise<Page<User>> {
  const stat = ACCOUNT_STATS.find((s) => s.key === tab)!
  const cursor = parseIdCursor(rawCursor)
  const query = stat.scope(User.query())
  if (cursor !== null) query.where('id', '<', cursor)
  const rows = await query.orderBy('id', 'desc').limit(PAGE_SIZE + 1)
  return page(rows, rawCursor, (last) => String(last.id))
}

/* ------------------------------------------------------ Dashboard/ActiveUsers */

export const ACTIVE_WINDOWS = ['online', '24h', '7d'] as const
export type ActiveWindow = (typeof ACTIVE_WINDOWS)[number]

const WINDOW_HOURS: Record<Exclude<ActiveWindow, 'online'>, number> = { '24h': 24, '7d': 24 * 7 }

/** Accounts that signed in within the window: not deleted, any role. */
function signedInSince(window: Exclude<ActiveWindow, 'online'>) {
  const since = DateTime.now().minus({ hours: WINDOW_HOURS[window] })
  return User.query().whereNull('deleted_at').where('last_login_at', '>=', dbTime(since))
}

export async function activeCounts(online: number[]): Promise<Record<ActiveWindow, number>> {
  const [day, week] = await Promise.all(
    (['24h', '7d'] as const).map(async (w) => {
      const [row] = await signedInSince(w).count('* as total')
      return Number(row.$extras.total)
    })
  )
  return { 'online': online.length, '24h': day, '7d': week }
}

/**
 * Online now: the presence set (in memory, or Redis across nodes), by id.
 * 24 h / 7 d: by last sign-in, latest first; cursor "<millis>.<id>".
 */
export async function activeUsersPage(
  window: ActiveWindow,
  rawCursor: unknown,
  online: number[]
): Promise<Page<User>> {
  if (window === 'online') {
    const cursor = parseIdCursor(rawCursor)
    const query = User.query().whereIn('id', online.length ? online : [0])
    if (cursor !== null) query.where('id', '<', cursor)
    const rows = await query.orderBy('id', 'desc').limit(PAGE_SIZE + 1)
    return page(rows, rawCursor, (last) => String(last.id))
  }
  const cursor = parsePairCursor(rawCursor)
  const query = signedInSince(window)
  if (cursor) {
    const at = millisToDb(cursor.key)
    query.where((q) =>
      q
        .where('last_login_at', '<', at)
        .orWhere((e) => e.where('last_login_at', at).where('id', '<', cursor.id))
    )
  }
  const rows = await query
    .orderBy('last_login_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
  return page(rows, rawCursor, (last) => `${last.lastLoginAt!.toMillis()}.${last.id}`)
}

/* ------------------------------- Dashboard/MostLikedPosts, MostCommentPosts */

export type PostRanking = 'likes' | 'comments'
const RANK_COLUMN: Record<PostRanking, string> = {
  likes: 'likes_count',
  comments: 'comments_count',
}
const RANK_INDEX: Record<PostRanking, string> = {
  likes: 'posts_published_likes_index',
  comments: 'posts_published_comments_index',
}

/**
 * Every published, not deleted post (the dashboard's "Posts" figure),
 * ranked by its likes or comments counter, ties newest first; keyset on
 * (counter, id) along posts_published_likes_index / _comments_index.
 * Cursor "<count>.<id>".
 */
export async function rankedPostsPage(ranking: PostRanking, rawCursor: unknown) {
  const column = RANK_COLUMN[ranking]
  const cursor = parsePairCursor(rawCursor)
  const query = postsIndexedBy(Post.query(), RANK_INDEX[ranking])
    .whereRaw(PUBLISHED_SQL)
    .preload('author')
  // A row-value comparison: one range on the index (an OR of two terms scans it).
  if (cursor) query.whereRaw(`(posts.${column}, posts.id) < (?, ?)`, [cursor.key, cursor.id])
  const rows = await query
    .orderBy(column, 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
  return page(
    rows,
    rawCursor,
    (last) => `${ranking === 'likes' ? last.likesCount : last.commentsCount}.${last.id}`
  )
}

/* ----------------------------------------------------- Dashboard/MostUserPosts */

export const AUTHOR_WINDOWS = [7, 30, 90, 365] as const
export type AuthorWindow = (typeof AUTHOR_WINDOWS)[number]
export const TOP_AUTHORS = 50

export interface AuthorRank {
  rank: number
  user: User
  posts: number
}

/**
 * The TOP_AUTHORS people with the most posts published in the window
 * (published, not deleted; by publication time, on the partial index
 * posts_publication_window_index), ties by account age. Bounded top-N:
 * one grouped query over the window's posts, one query for the people.
 */
export async function topAuthors(days: AuthorWindow): Promise<AuthorRank[]> {
  const since = dbTime(DateTime.now().minus({ days }))
  const ranks = await postsIndexedBy(db.from('posts'), 'posts_publication_window_index')
    .whereRaw(PUBLISHED_SQL)
    .whereRaw('COALESCE(posts.published_at, posts.created_at) >= ?', [since])
    .select('author_id')
    .count('* as posts')
    .groupBy('author_id')
    .orderBy('posts', 'desc')
    .orderBy('author_id', 'asc')
    .limit(TOP_AUTHORS)
  const ids = ranks.map((row: { author_id: number }) => Number(row.author_id))
  const users = ids.length ? await User.query().whereIn('id', ids) : []
  const byId = new Map(users.map((user) => [user.id, user]))
  return ranks
    .map((row: { author_id: number; posts: number }, index: number) => ({
      rank: index + 1,
      user: byId.get(Number(row.author_id))!,
      posts: Number(row.posts),
    }))
    .filter((rank: AuthorRank) => rank.user !== undefined)
}

/* --------------------------------------------------------- Dashboard/UserPosts */

export const USER_POST_STATES = ['all', 'published', 'pending', 'rejected', 'deleted'] as const
export type UserPostState = (typeof USER_POST_STATES)[number]

function userPostsQuery(userId: number, state: UserPostState) {
  const query = Post.query().where('author_id', userId)
  if (state === 'deleted') query.whereNotNull('deleted_at')
  else if (state !== 'all') query.where('status', state).whereNull('deleted_at')
  return query
}

/** One person's posts in every state (deleted ones too), newest first; keyset on (author_id, id). */
export async function userPostsPage(userId: number, state: UserPostState, rawCursor: unknown) {
  const cursor = parseIdCursor(rawCursor)
  const query = userPostsQuery(userId, state)
  if (cursor !== null) query.where('id', '<', cursor)
  const rows = await query.orderBy('id', 'desc').limit(PAGE_SIZE + 1)
  return page(rows, rawCursor, (last) => String(last.id))
}

/** Posts per state of one person: one grouped query on (author_id, …). */
export async function userPostCounts(userId: number): Promise<Record<UserPostState, number>> {
  const rows = await db
    .from('posts')
    .where('author_id', userId)
    .select('status')
    .select(db.raw('case when deleted_at is null then 0 else 1 end as deleted'))
    .count('* as total')
    .groupBy('status', 'deleted')
  const counts: Record<UserPostState, number> = {
    all: 0,
    published: 0,
    pending: 0,
    rejected: 0,
    deleted: 0,
  }
  for (const row of rows as { status: string; deleted: unknown; total: unknown }[]) {
    const total = Number(row.total)
    counts.all += total
    const deleted = row.deleted === 1 || row.deleted === '1' || row.deleted === true
    if (deleted) counts.deleted += total
    else if (row.status in counts) counts[row.status as UserPostState] += total
  }
  return counts
}
