import { DateTime } from 'luxon'
import { isSqlite, visiblePosts, type Viewer } from '#queries/feeds/visible_posts'
import { cardsFromRows, loadCards, withCardColumns, type PostCard } from '#queries/feeds/post_cards'
import { templateRows } from '#services/db/query_templates'
import { PAGE_SIZE, parseIdCursor, parsePairCursor, splitPage } from '#queries/feeds/cursor'
import { dbTime, dbTimeToMillis, millisToDb } from '#services/db/db_time'

/**
 * The feeds (PRODUCT §4). Each one is THE visibility scope plus its own
 * filter, newest first with a keyset cursor, PAGE_SIZE posts per page, in
 * one query (see post_cards.ts: shares' originals and media included).
 *
 * Feeds list published posts only; a viewer's own pending and rejected
 * posts are in "My posts" (with badges), other people's in moderation.
 */
export interface FeedPage {
  posts: PostCard[]
  /** The cursor this page was loaded with (null: first page). */
  cursor: string | null
  /** The cursor of the next page, null at the end. */
  nextCursor: string | null
}

export type FeedName = 'team' | 'public' | 'mine' | 'liked' | 'top'

/** Recent window and size of the Top posts list. */
export const TOP_WINDOW_DAYS = 30
export const TOP_LIMIT = 50

function cardQuery(viewer: Viewer) {
  return withCardColumns(visiblePosts(viewer), viewer)
}

/**
 * An index hint on `posts` for SQLite. Nothing runs ANALYZE on a Huddle
 * database, and without statistics SQLite takes the (status, audience)
 * index for a feed's `status = ? AND audience IN (…)`: it reads and sorts
 * every published post (~190 ms a page on the benchmark's 100k posts).
 * `NOT INDEXED` walks posts newest first by rowid and stops after a page
 * (rowid lookups stay allowed, so liked posts are still driven from the
 * likes index): the plan SQLite chooses itself once it has statistics,
 * 0.1–0.2 ms. PostgreSQL keeps statistics and needs no hint.
 */
function withSqliteHint<Q extends ReturnType<typeof cardQuery>>(
  query: Q,
  hint: 'NOT INDEXED' | `INDEXED BY ${string}`
): Q {
  if (isSqlite()) query.knexQuery.fromRaw(`posts ${hint}`)
  return query
}

type CardQuery = ReturnType<typeof cardQuery>

/**
 * A page of a feed ordered by id, newest first. `build` makes the feed's
 * query for a viewer; a feed with a `shape` (its SQL depends only on the
 * viewer's role, not on their id or the cursor) is compiled once per role
 * and run as SQL (app/services/db/query_templates.ts).
 */
async function idPage(
  viewer: Viewer,
  rawCursor: unknown,
  build: (viewer: Viewer) => CardQuery,
  shape?: FeedName
): Promise<FeedPage> {
  const cursor = parseIdCursor(rawCursor)
  const page = (forViewer: Viewer, after: number | null) => {
    const query = build(forViewer)
    if (after !== null) query.where('posts.id', '<', after)
    return query.orderBy('posts.id', 'desc').limit(PAGE_SIZE + 1)
  }
  const rows = shape
    ? await templateRows(
        `feed:${shape}|${viewer.role}|${cursor === null ? 'first' : 'next'}`,
        (slots) =>
          page({ id: slots.viewer, role: viewer.role }, cursor === null ? null : slots.cursor),
        cursor === null ? { viewer: viewer.id } : { viewer: viewer.id, cursor },
        { timestampsAsText: true }
      )
    : null
  const cards = rows ? cardsFromRows(rows) : await loadCards(page(viewer, cursor))
  const { items, hasMore } = splitPage(cards)
  return {
    posts: items,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}

/** Home: the team feed (members and admins): team and public posts. */
export function teamFeed(viewer: Viewer, cursor?: unknown) {
  const build = (forViewer: Viewer) =>
    withSqliteHint(cardQuery(forViewer), 'NOT INDEXED')
      .where('posts.status', 'published')
      .whereIn('posts.audience', ['team', 'public'])
  return idPage(viewer, cursor, build, 'team')
}

/** /public: public posts, for everyone signed in. */
export function publicFeed(viewer: Viewer, cursor?: unknown) {
  const build = (forViewer: Viewer) =>
    withSqliteHint(cardQuery(forViewer), 'NOT INDEXED')
      .where('posts.status', 'published')
      .where('posts.audience', 'public')
  return idPage(viewer, cursor, build, 'public')
}

/** Homepage/MyPost: the viewer's own posts and shares, whatever their status. */
export function myPosts(viewer: Viewer, cursor?: unknown) {
  const build = (forViewer: Viewer) => cardQuery(forViewer).where('posts.author_id', forViewer.id)
  return idPage(viewer, cursor, build, 'mine')
}

/**
 * A person's profile feed (Homepage/UserProfile): their published posts the
 * viewer may see; on one's own profile, every status (as in My posts).
 */
export function userFeed(viewer: Viewer, userId: number, cursor?: unknown) {
  const build = (forViewer: Viewer) => {
    const query = cardQuery(forViewer).where('posts.author_id', userId)
    if (userId !== forViewer.id) query.where('posts.status', 'published')
    return query
  }
  return idPage(viewer, cursor, build)
}

/**
 * Homepage/LikedPost: posts the viewer liked, most recently liked first.
 * Cursor "<like time in ms>.<post id>" (like time, then post id, both
 * descending), so unliking something on the page never breaks the next one.
 */
export async function likedPosts(viewer: Viewer, rawCursor?: unknown): Promise<FeedPage> {
  const cursor = parsePairCursor(rawCursor)
  const query = withSqliteHint(cardQuery(viewer), 'NOT INDEXED')
    .join('post_likes as ml', (join) => {
      join.on('ml.post_id', '=', 'posts.id').andOnVal('ml.user_id', '=', viewer.id)
    })
    .select('ml.created_at as feed_liked_at')
    .where('posts.status', 'published')
  if (cursor) {
    const at = millisToDb(cursor.key)
    query.where((keyset) => {
      keyset
        .where('ml.created_at', '<', at)
        .orWhere((tie) => tie.where('ml.created_at', at).where('posts.id', '<', cursor.id))
    })
  }
  const rows = await loadCards(
    query
      .orderBy('ml.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(PAGE_SIZE + 1)
  )
  const { items, hasMore } = splitPage(rows)
  const last = items[items.length - 1]
  return {
    posts: items,
    cursor: cursor ? `${cursor.key}.${cursor.id}` : null,
    nextCursor: hasMore && last ? `${dbTimeToMillis(last.extras.feed_liked_at)}.${last.id}` : null,
  }
}

/**
 * Homepage/TopPost: published posts of the last TOP_WINDOW_DAYS days with
 * at least one like AND at least one comment, ranked by likes + comments
 * (ties: more likes, then newer). A bounded list of TOP_LIMIT, no paging.
 * The window applies to the post's publication time; the counters are the
 * exact denormalised ones.
 */
export async function topPosts(viewer: Viewer, now = DateTime.now()): Promise<PostCard[]> {
  const since = dbTime(now.minus({ days: TOP_WINDOW_DAYS }))
  // The status as a literal and the window as the very expression of
  // posts_publication_window_index (migration 0071), so the month's
  // published posts are one range scan: PostgreSQL picks it from its
  // statistics; SQLite without statistics would read every published post
  // (60–75 ms on the benchmark data against 3–6 ms), so it is named there.
  const query = withSqliteHint(cardQuery(viewer), 'INDEXED BY posts_publication_window_index')
    .whereRaw(`posts.status = 'published'`)
    .where('posts.likes_count', '>', 0)
    .where('posts.comments_count', '>', 0)
    .whereRaw('COALESCE(posts.published_at, posts.created_at) >= ?', [since])
    .orderByRaw('(posts.likes_count + posts.comments_count) DESC')
    .orderBy('posts.likes_count', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(TOP_LIMIT)
  return loadCards(query)
}
