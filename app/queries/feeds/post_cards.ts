import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Post from '#models/post'
import type { PostAudience, PostStatus } from '#models/post'
import Media, { type MediaFile } from '#models/media'
import { visiblePosts, type Viewer } from '#queries/feeds/visible_posts'
import { dbInstant, dbFlag, type Instant } from '#services/db/db_time'
import { templateRows } from '#services/db/query_templates'

/**
 * Everything a post card needs, in one query whatever the page size (no
 * N+1): the posts, joined with their authors, with the viewer's "liked",
 * "already shared" and "muted" flags as scalar key lookups, the post's
 * media as one JSON column, and, for shares, the original, its author and
 * its media as one JSON column (the visibility rule already requires a
 * share's original to be visible to the viewer).
 * (Originals used to be a second query repeating the whole visibility
 * rule, and media a query of their own: on PostgreSQL a round trip per
 * page that held a file; npm run bench counts both in the home feed's
 * query budget.) PostTransformer reads the PostCard built here.
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

/** What a card reads of a post: the original's columns plus its own moderation state. */
const POST_COLUMNS = new Set<string>([...ORIGINAL_COLUMNS, 'rejection_reason', 'announced_at'])

const SQLITE_DIALECTS = new Set(['better-sqlite3', 'sqlite3', 'libsql'])

/**
 * The columns of `media` a card draws (MediaFile): its files are plain
 * objects, not Media models. Building a model per file (every column
 * through the ORM's proxies, its time through luxon) was 4.9% of a
 * PostgreSQL feed request's CPU (npm run bench:profile -- S1 --pg).
 */
const MEDIA_COLUMNS = [
  'id',
  'post_id',
  'kind',
  'mime',
  'original_name',
  'display_key',
  'thumb_key',
  'width',
  'height',
] as const

/**
 * The media of the post `posts.id` (or `card_orig.id`…) as a JSON array in
 * display order, NULL when its exact counter says it has none (most posts:
 * no subquery then). On SQLite, json() keeps it JSON inside another object
 * (a subquery's value loses its JSON subtype).
 */
function mediaJson(post: string, sqlite: boolean) {
  const object = `${sqlite ? 'json_object' : 'json_build_object'}(${MEDIA_COLUMNS.map(
    (column) => `'${column}', card_m.${column}`
  ).join(', ')})`
  const list = `(SELECT ${sqlite ? 'json_group_array' : 'json_agg'}(${object}
     ORDER BY card_m.position, card_m.id) FROM media AS card_m WHERE card_m.post_id = ${post}.id)`
  return `CASE WHEN ${post}.media_count > 0 THEN ${sqlite ? `json(${list})` : list} END`
}

function onSqlite() {
  return SQLITE_DIALECTS.has(db.connection().dialect.name)
}

/**
 * A share's original, its author and its media as ONE JSON column (null
 * for a post that is not a share): 98% of cards are not shares, and 19
 * always-null columns per row were a fifth of the feed's model hydration
 * (npm run bench:profile).
 */
function originalJsonColumn() {
  const sqlite = onSqlite()
  const build = sqlite ? 'json_object' : 'json_build_object'
  const pairs = [
    ...ORIGINAL_COLUMNS.map((column) => `'${column}', card_orig.${column}`),
    `'author', CASE WHEN card_orig_author.id IS NULL THEN NULL ELSE ${build}(${AUTHOR_COLUMNS.map(
      (column) => `'${column}', card_orig_author.${column}`
    ).join(', ')}) END`,
    `'media', ${mediaJson('card_orig', sqlite)}`,
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
 * Selects the card's post columns, the author's (prefixed `card_author__`),
 * the viewer flags and a share's original (`card_orig`, JSON) on a posts
 * query (its earlier selects are replaced; add feed-specific columns after
 * this). The query must select from `posts` (unaliased).
 */
export function withCardColumns(query: PostQuery, viewer: Viewer) {
  query
    // The post columns a card reads, not posts.* (PostgreSQL's search_vector
    // would travel with every row).
    .clearSelect()
    .select([...POST_COLUMNS].map((column) => `posts.${column}`))
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
      // "Mute this post" (notification_mutes' primary key): the card's menu
      // starts from it, in this same query for every post on the page.
      db.raw(
        `COALESCE((SELECT 1 FROM notification_mutes AS cnm WHERE cnm.user_id = ?
           AND cnm.target_type = 'post' AND cnm.target_id = posts.id LIMIT 1), 0) AS card_viewer_muted`,
        [viewer.id]
      ),
      db.raw(`${mediaJson('posts', onSqlite())} AS card_media`),
      originalJsonColumn()
    )
  return query
}

/** What a card shows of a person: never more (no e-mail, no role). */
export interface CardAuthor {
  id: number
  fullName: string
  username: string
  avatarKey: string | null
}

/**
 * A post as the cards show it: a plain read model built straight from the
 * card query's rows, not a Lucid model. Hydrating 21 models per page (every
 * column through the model's proxy, every date through luxon twice) was the
 * largest single cost of a feed request (npm run bench:profile -- S1);
 * cards are never saved, so nothing here needs a model.
 */
export interface PostCard {
  id: number
  authorId: number
  bodyHtml: string
  bodyText: string
  audience: PostAudience
  status: PostStatus
  rejectionReason: string | null
  sharedPostId: number | null
  likesCount: number
  commentsCount: number
  sharesCount: number
  mediaCount: number
  announcedAt: Instant | null
  publishedAt: Instant | null
  createdAt: Instant
  updatedAt: Instant | null
  author: CardAuthor | null
  media: MediaFile[]
  /** For a share: its original (null if it vanished meanwhile). */
  sharedPost: PostCard | null
  viewerLiked: boolean
  viewerShared: boolean
  /** The viewer muted this post's notifications. */
  viewerMuted: boolean
  /** Columns a feed adds to the card query for itself (e.g. My likes' like time). */
  extras: Record<string, unknown>
}

/** The columns of `posts` every card reads (POST_COLUMNS). */
function cardFromColumns(row: Record<string, any>): PostCard {
  return {
    id: Number(row.id),
    authorId: Number(row.author_id),
    bodyHtml: row.body_html,
    bodyText: row.body_text,
    audience: row.audience,
    status: row.status,
    rejectionReason: row.rejection_reason ?? null,
    sharedPostId: row.shared_post_id === null ? null : Number(row.shared_post_id),
    likesCount: Number(row.likes_count),
    commentsCount: Number(row.comments_count),
    sharesCount: Number(row.shares_count),
    mediaCount: Number(row.media_count),
    announcedAt: dbInstant(row.announced_at),
    publishedAt: dbInstant(row.published_at),
    createdAt: dbInstant(row.created_at)!,
    updatedAt: dbInstant(row.updated_at),
    author: null,
    media: [],
    sharedPost: null,
    viewerLiked: false,
    viewerShared: false,
    viewerMuted: false,
    extras: {},
  }
}

/** The author columns of a row (AUTHOR_COLUMNS, after `prefix`), null when there is none. */
export function authorFrom(
  row: Record<string, any> | null | undefined,
  prefix = ''
): CardAuthor | null {
  const id = row?.[`${prefix}id`]
  if (id === null || id === undefined) return null
  return {
    id: Number(id),
    fullName: row![`${prefix}full_name`],
    username: row![`${prefix}username`],
    avatarKey: row![`${prefix}avatar_key`] ?? null,
  }
}

/** Columns withCardColumns adds, which are not extras of a feed. */
const CARD_KEYS = new Set([
  ...AUTHOR_COLUMNS.map((column) => `card_author__${column}`),
  'card_viewer_liked',
  'card_viewer_shared',
  'card_viewer_muted',
  'card_media',
  'card_orig',
])

/** Parsed JSON of a row (PostgreSQL's driver parses `json` itself; SQLite gives text). */
function parsedJson(value: unknown): any {
  return typeof value === 'string' ? JSON.parse(value) : value
}

/** A card's media from its JSON column (mediaJson). */
function mediaFromJson(value: unknown): MediaFile[] {
  const items = parsedJson(value) as Record<string, any>[] | null | undefined
  if (!items) return []
  return items.map((item) => ({
    id: item.id,
    postId: item.post_id,
    kind: item.kind,
    mime: item.mime,
    originalName: item.original_name,
    displayKey: item.display_key,
    thumbKey: item.thumb_key,
    width: item.width,
    height: item.height,
  }))
}

/** A row of a query decorated with withCardColumns, as a card (media not attached yet). */
function cardFromRow(row: Record<string, any>): PostCard {
  const card = cardFromColumns(row)
  card.author = authorFrom(row, 'card_author__')
  card.viewerLiked = dbFlag(row.card_viewer_liked)
  card.viewerShared = dbFlag(row.card_viewer_shared)
  card.viewerMuted = dbFlag(row.card_viewer_muted)
  card.media = mediaFromJson(row.card_media)
  const packed = row.card_orig
  if (packed !== null && packed !== undefined && card.sharedPostId !== null) {
    const { author, media, ...original } = parsedJson(packed) as Record<string, any>
    card.sharedPost = cardFromColumns(original)
    card.sharedPost.author = authorFrom(author)
    card.sharedPost.media = mediaFromJson(media)
  }
  for (const key in row) {
    if (!POST_COLUMNS.has(key) && !CARD_KEYS.has(key)) card.extras[key] = row[key]
  }
  return card
}

/** Runs a query decorated with withCardColumns and returns its rows as cards (one query). */
export async function loadCards(query: PostQuery): Promise<PostCard[]> {
  const rows = (await query.pojo<Record<string, any>>()) as unknown as Record<string, any>[]
  return cardsFromRows(rows)
}

/** The rows of a query decorated with withCardColumns, as cards with their media. */
export function cardsFromRows(rows: Record<string, any>[]): PostCard[] {
  return rows.map(cardFromRow)
}

/**
 * The files of the given comments, grouped by comment in display order
 * (one query): a page of comments' files (cards read theirs in the page's
 * own query, mediaJson). On PostgreSQL this read is a prepared statement
 * (MEDIA_OF_COMMENTS_PREFIX).
 */
export async function mediaOfComments(ids: number[]): Promise<Map<number, Media[]>> {
  const byComment = new Map<number, Media[]>()
  if (ids.length === 0) return byComment
  const media = await Media.query()
    .whereIn('comment_id', ids)
    .orderBy([
      { column: 'comment_id', order: 'asc' },
      { column: 'position', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
  for (const item of media) {
    const list = byComment.get(item.commentId!) ?? []
    list.push(item)
    byComment.set(item.commentId!, list)
  }
  return byComment
}

/**
 * One post, ready for PostTransformer.forDetail (or forFeed), if `viewer`
 * may see it; null otherwise (turn it into a 404). One query.
 */
export async function findPostCard(
  viewer: Viewer | null,
  id: number | string,
  client?: QueryClientContract
): Promise<PostCard | null> {
  const numeric = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN
  if (!viewer || !Number.isSafeInteger(numeric) || numeric <= 0) return null
  const query = (forViewer: Viewer, postId: number) =>
    withCardColumns(visiblePosts(forViewer, client), forViewer).where('posts.id', postId).limit(1)
  // Outside a transaction the query is compiled once per role (query_templates.ts).
  const rows = client
    ? null
    : await templateRows(
        `card|${viewer.role}`,
        (slots) => query({ id: slots.viewer, role: viewer.role }, slots.key),
        { viewer: viewer.id, key: numeric },
        { timestampsAsText: true }
      )
  const [card] = rows ? cardsFromRows(rows) : await loadCards(query(viewer, numeric))
  return card ?? null
}

/** Cards for posts already known by id (keeps the given order; invisible ones are dropped). */
export async function loadPostCards(
  viewer: Viewer,
  ids: number[],
  client?: QueryClientContract
): Promise<PostCard[]> {
  if (ids.length === 0) return []
  const cards = await loadCards(
    withCardColumns(visiblePosts(viewer, client), viewer).whereIn('posts.id', ids)
  )
  const byId = new Map(cards.map((card) => [card.id, card]))
  return ids.map((id) => byId.get(id)).filter((card): card is PostCard => !!card)
}
