import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Post from '#models/post'
import PostModel from '#models/post'
import User from '#models/user'
import Media from '#models/media'
import { visiblePosts, type Viewer } from '#queries/feeds/visible_posts'

/**
 * Everything a post card needs, in a constant number of queries whatever
 * the page size (no N+1):
 *   1. the posts, joined with their authors, with the viewer's "liked" and
 *      "already shared" flags as scalar key lookups, and, for shares, the
 *      original and its author as one JSON column (the visibility rule
 *      already requires a share's original to be visible to the viewer);
 *   2. the media of every post and original on the page, only when one of
 *      them has media.
 * (Originals used to be a second query repeating the whole visibility
 * rule; npm run bench counted it in the home feed's query budget.)
 * PostTransformer reads the relations and flags set here.
 */

type PostQuery = ModelQueryBuilderContract<typeof Post, Post>

const AUTHOR_COLUMNS = ['id', 'full_name', 'username', 'avatar_key'] as const

/** What an embedded original shows (it has no actions of its own on the card). */
const ORIGINAL_COLUMNS = [
  'id',
  'author_id',
  'body_html',
  'body_text',
  'audience',
  'status',
  'shared_post_id',
  'likes_count',
  'comments_count',
  'shares_count',
  'media_count',
  'published_at',
  'created_at',
  'updated_at',
  'deleted_at',
] as const

const SQLITE_DIALECTS = new Set(['better-sqlite3', 'sqlite3', 'libsql'])

/**
 * A share's original and its author as ONE JSON column (null for a post
 * that is not a share): 98% of cards are not shares, and 19 always-null
 * columns per row were a fifth of the feed's model hydration
 * (npm run bench:profile).
 */
function originalJsonColumn() {
  const sqlite = SQLITE_DIALECTS.has(db.connection().dialect.name)
  const build = sqlite ? 'json_object' : 'json_build_object'
  const pairs = [
    ...ORIGINAL_COLUMNS.map((column) => `'${column}', card_orig.${column}`),
    `'author', CASE WHEN card_orig_author.id IS NULL THEN NULL ELSE ${build}(${AUTHOR_COLUMNS.map(
      (column) => `'${column}', card_orig_author.${column}`
    ).join(', ')}) END`,
  ]
  // A correlated subquery rather than two LEFT JOINs: the same primary-key
  // lookups, but two relations fewer for PostgreSQL's join search, whose
  // planning took longer than the query (4.2 → 1.1 ms on the home feed).
  return db.raw(
    `(SELECT ${build}(${pairs.join(', ')}) FROM posts AS card_orig
       LEFT JOIN users AS card_orig_author ON card_orig_author.id = card_orig.author_id
       WHERE card_orig.id = posts.shared_post_id) AS card_orig`
  )
}

/**
 * Adds the author columns (prefixed `card_author__`), the viewer flags and
 * a share's original (`card_orig`, JSON) to a posts query. The query must
 * select from `posts` (unaliased).
 */
export function withCardColumns(query: PostQuery, viewer: Viewer) {
  query
    .join('users as card_author', 'card_author.id', 'posts.author_id')
    .select(AUTHOR_COLUMNS.map((column) => `card_author.${column} as card_author__${column}`))
    .select(
      // Scalar lookups by key (1 or 0), not EXISTS: PostgreSQL runs an EXISTS
      // in the select list as a "hashed SubPlan" over every like (every post)
      // of the viewer, whatever the page (3.8 ms for a member with 951 likes).
      db.raw(
        `COALESCE((SELECT 1 FROM post_likes AS cpl WHERE cpl.post_id = posts.id AND cpl.user_id = ?
           LIMIT 1), 0) AS card_viewer_liked`,
        [viewer.id]
      ),
      db.raw(
        `COALESCE((SELECT 1 FROM posts AS csp WHERE csp.author_id = ? AND csp.deleted_at IS NULL
           AND csp.shared_post_id = COALESCE(posts.shared_post_id, posts.id) LIMIT 1), 0) AS card_viewer_shared`,
        [viewer.id]
      ),
      originalJsonColumn()
    )
  return query
}

/** Date columns of an original, as the JSON carries them. */
const ORIGINAL_DATES = ['published_at', 'created_at', 'updated_at', 'deleted_at'] as const

/** The original joined by withCardColumns (null for a non-share), as a Post with its author. */
function takeOriginal(post: Post): Post | null {
  const packed = post.$extras.card_orig
  if (packed === undefined) return null
  post.$extras.card_orig = undefined
  if (packed === null || post.sharedPostId === null) return null
  const { author: authorRow, ...row } = (
    typeof packed === 'string' ? JSON.parse(packed) : packed
  ) as Record<string, any>
  // PostgreSQL's JSON writes timestamps in ISO form ("…T…+00:00"); Lucid
  // reads SQL-form strings, so hand it Dates instead.
  for (const column of ORIGINAL_DATES) {
    if (typeof row[column] === 'string' && row[column].includes('T')) {
      row[column] = new Date(row[column])
    }
  }
  const original = PostModel.$createFromAdapterResult(row)
  const author = authorRow ? User.$createFromAdapterResult(authorRow) : null
  if (original && author) original.$setRelated('author', author)
  return original
}

/** Turns the joined author columns into a User model set as `post.author`. */
function attachAuthor(post: Post) {
  if (post.$extras.card_author__id === undefined) return
  const row: Record<string, unknown> = {}
  for (const column of AUTHOR_COLUMNS) {
    row[column] = post.$extras[`card_author__${column}`]
    post.$extras[`card_author__${column}`] = undefined
  }
  const author = User.$createFromAdapterResult(row)
  if (author) post.$setRelated('author', author)
}

/**
 * Loads originals (for shares) and media for posts that came from a query
 * decorated with `withCardColumns`. Mutates and returns the same array.
 */
export async function hydrateCards(posts: Post[], viewer: Viewer, client?: QueryClientContract) {
  const originals = new Map<number, Post>()
  for (const post of posts) {
    attachAuthor(post)
    const original = takeOriginal(post)
    if (original) originals.set(original.id, original)
  }

  // Shares whose original did not come with the row (a query without
  // withCardColumns' joins): one query for them, through the rule.
  const originalIds = [
    ...new Set(
      posts
        .map((post) => post.sharedPostId)
        .filter((id): id is number => id !== null && !originals.has(id))
    ),
  ]
  if (originalIds.length > 0) {
    const rows = await withCardColumns(visiblePosts(viewer, client), viewer).whereIn(
      'posts.id',
      originalIds
    )
    for (const original of rows) {
      attachAuthor(original)
      originals.set(original.id, original)
    }
  }

  const everyPost = [...posts, ...originals.values()]
  const withMedia = everyPost.filter((post) => post.mediaCount > 0).map((post) => post.id)
  const mediaByPost = new Map<number, Media[]>()
  if (withMedia.length > 0) {
    const media = await Media.query(client ? { client } : undefined)
      .whereIn('post_id', [...new Set(withMedia)])
      .orderBy([
        { column: 'post_id', order: 'asc' },
        { column: 'position', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
    for (const item of media) {
      const list = mediaByPost.get(item.postId!) ?? []
      list.push(item)
      mediaByPost.set(item.postId!, list)
    }
  }

  for (const post of everyPost) post.$setRelated('media', mediaByPost.get(post.id) ?? [])
  for (const post of posts) {
    if (post.sharedPostId === null) continue
    const original = originals.get(post.sharedPostId)
    // Visibility already requires the original; it can only be missing if it
    // disappeared between the two queries (then the card says so).
    if (original) post.$setRelated('sharedPost', original)
  }
  return posts
}

/**
 * One post, ready for PostTransformer.forDetail (or forFeed), if `viewer`
 * may see it; null otherwise (turn it into a 404). Three queries at most.
 */
export async function findPostCard(
  viewer: Viewer | null,
  id: number | string,
  client?: QueryClientContract
): Promise<Post | null> {
  const numeric = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN
  if (!viewer || !Number.isSafeInteger(numeric) || numeric <= 0) return null
  const post = await withCardColumns(visiblePosts(viewer, client), viewer)
    .where('posts.id', numeric)
    .first()
  if (!post) return null
  await hydrateCards([post], viewer, client)
  return post
}

/** Cards for posts already known by id (keeps the given order; invisible ones are dropped). */
export async function loadPostCards(
  viewer: Viewer,
  ids: number[],
  client?: QueryClientContract
): Promise<Post[]> {
  if (ids.length === 0) return []
  const rows = await withCardColumns(visiblePosts(viewer, client), viewer).whereIn('posts.id', ids)
  const byId = new Map(rows.map((post) => [post.id, post]))
  const ordered = ids.map((id) => byId.get(id)).filter((post): post is Post => !!post)
  return hydrateCards(ordered, viewer, client)
}
