import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Comment from '#models/comment'
import type Media from '#models/media'
import type Post from '#models/post'
import { whereLiveAccount, whereNotBlockedWith, type Viewer } from '#queries/feeds/visible_posts'
import { parseIdCursor, parsePairCursor, splitPage } from '#queries/feeds/cursor'
import { dbInstant, dbFlag, dbTimeToMillis, millisToDb, type Instant } from '#services/db/db_time'
import { authorFrom, mediaOfComments, type CardAuthor } from '#queries/feeds/post_cards'
import { templateRows } from '#services/db/query_templates'
import type { PersonRecord } from '#queries/people/profiles'

/**
 * Comments and "liked by" lists of a post the viewer may see (check that
 * first: findPostCard / canViewPost → 404). Both hide, for this viewer,
 * people whose accounts are not live (deleted, deletion pending,
 * deactivated) and people on either side of a block with the viewer.
 */

export const COMMENTS_PAGE_SIZE = 20
export const LIKERS_PAGE_SIZE = 30
/** The query-string parameter of the comments' scroll prop. */
export const COMMENTS_CURSOR_PARAM = 'comments_cursor'

/** Adds "person `column` is live and not blocked either way with the viewer". */
function visiblePerson(query: any, viewer: Viewer, column: string) {
  return whereNotBlockedWith(whereLiveAccount(query, column), viewer.id, column)
}

const AUTHOR_COLUMNS = ['id', 'full_name', 'username', 'avatar_key'] as const

/** Comments of `post` visible to `viewer`, with author and the viewer's like (one query). */
export function visibleComments(
  viewer: Viewer,
  post: Pick<Post, 'id'>,
  client?: QueryClientContract
) {
  const query = Comment.query(client ? { client } : undefined)
    .select('comments.*')
    .join('users as comment_author', 'comment_author.id', 'comments.author_id')
    .select(AUTHOR_COLUMNS.map((c) => `comment_author.${c} as comment_author__${c}`))
    .select(
      db.raw(
        // A scalar lookup by key, not EXISTS (see withCardColumns: PostgreSQL
        // hashes an EXISTS in the select list over all of the viewer's likes).
        `COALESCE((SELECT 1 FROM comment_likes AS ccl WHERE ccl.comment_id = comments.id AND ccl.user_id = ?
           LIMIT 1), 0) AS card_viewer_liked`,
        [viewer.id]
      )
    )
    .where('comments.post_id', post.id)
    .whereNull('comments.deleted_at')
  visiblePerson(query, viewer, 'comments.author_id')
  return query
}

/**
 * A comment as the list shows it: a plain read model from the comments
 * query's rows (as PostCard for posts), not a Lucid model — 20 model
 * hydrations were a fifth of the post page's CPU (npm run bench:profile -- S2).
 */
export interface CommentCard {
  id: number
  postId: number
  authorId: number
  body: string
  likesCount: number
  mediaCount: number
  createdAt: Instant | null
  author: CardAuthor | null
  media: Media[]
  viewerLiked: boolean
}

function commentFromRow(row: Record<string, any>): CommentCard {
  return {
    id: Number(row.id),
    postId: Number(row.post_id),
    authorId: Number(row.author_id),
    body: row.body,
    likesCount: Number(row.likes_count),
    mediaCount: Number(row.media_count),
    createdAt: dbInstant(row.created_at),
    author: authorFrom(row, 'comment_author__'),
    media: [],
    viewerLiked: dbFlag(row.card_viewer_liked),
  }
}

/** Runs a visibleComments query and returns its rows as cards with their images. */
async function loadComments(query: ReturnType<typeof visibleComments>): Promise<CommentCard[]> {
  const rows = (await query.pojo<Record<string, any>>()) as unknown as Record<string, any>[]
  return commentsFromRows(rows)
}

async function commentsFromRows(rows: Record<string, any>[]): Promise<CommentCard[]> {
  const comments = rows.map(commentFromRow)
  await attachMedia(comments)
  return comments
}

/**
 * Sets `media` on each comment: one query for the whole page, and only
 * when one of them has images (comments.media_count).
 */
async function attachMedia(comments: CommentCard[]) {
  const ids = comments.filter((comment) => comment.mediaCount > 0).map((comment) => comment.id)
  const byComment = await mediaOfComments(ids)
  for (const comment of comments) comment.media = byComment.get(comment.id) ?? []
}

export interface CommentPage {
  data: CommentCard[]
  nextCursor: number | null
}

/**
 * A page of a post's comments, oldest first (keyset: ids after `cursor`).
 * One query, whatever the page size.
 */
export async function postComments(
  viewer: Viewer,
  post: Pick<Post, 'id'>,
  rawCursor?: unknown
): Promise<CommentPage> {
  const cursor = parseIdCursor(rawCursor)
  const page = (forViewer: Viewer, postId: number, after: number | null) => {
    const query = visibleComments(forViewer, { id: postId })
    if (after !== null) query.where('comments.id', '>', after)
    return query.orderBy('comments.id', 'asc').limit(COMMENTS_PAGE_SIZE + 1)
  }
  // Compiled once per shape (app/services/db/query_templates.ts).
  const compiled = await templateRows(
    `comments|${cursor === null ? 'first' : 'next'}`,
    (slots) =>
      page(
        { id: slots.viewer, role: viewer.role },
        slots.key,
        cursor === null ? null : slots.cursor
      ),
    cursor === null
      ? { viewer: viewer.id, key: post.id }
      : { viewer: viewer.id, key: post.id, cursor }
  )
  const rows = compiled
    ? await commentsFromRows(compiled)
    : await loadComments(page(viewer, post.id, cursor))
  const { items, hasMore } = splitPage(rows, COMMENTS_PAGE_SIZE)
  return {
    data: items,
    nextCursor: hasMore && items.length ? items[items.length - 1].id : null,
  }
}

/** One comment as the viewer sees it (after creating it), or null. */
export async function findVisibleComment(
  viewer: Viewer,
  post: Pick<Post, 'id'>,
  commentId: number
): Promise<CommentCard | null> {
  const [comment] = await loadComments(
    visibleComments(viewer, post).where('comments.id', commentId).limit(1)
  )
  return comment ?? null
}

/** Someone who liked a post, and when (null for a time the database could not give). */
export interface Liker {
  person: PersonRecord
  likedAt: Date | null
}

export interface LikersPage {
  data: Liker[]
  nextCursor: string | null
}

/**
 * "Liked by": people who liked the post, most recent first, LIKERS_PAGE_SIZE
 * per page, cursor "<like time in ms>.<user id>". One query.
 */
export function postLikers(viewer: Viewer, post: Pick<Post, 'id'>, rawCursor?: unknown) {
  return likers(viewer, 'post_likes', 'post_id', post.id, rawCursor)
}

/** "Liked by" of a comment (the caller checked the comment is visible), as postLikers. */
export function commentLikers(viewer: Viewer, comment: { id: number }, rawCursor?: unknown) {
  return likers(viewer, 'comment_likes', 'comment_id', comment.id, rawCursor)
}

async function likers(
  viewer: Viewer,
  table: 'post_likes' | 'comment_likes',
  column: 'post_id' | 'comment_id',
  id: number,
  rawCursor?: unknown
): Promise<LikersPage> {
  const cursor = parsePairCursor(rawCursor)
  const query = db
    .from(`${table} as pl`)
    .join('users as liker', 'liker.id', 'pl.user_id')
    .where(`pl.${column}`, id)
    .select(AUTHOR_COLUMNS.map((c) => `liker.${c} as ${c}`))
    .select('pl.created_at as liked_at')
  visiblePerson(query, viewer, 'pl.user_id')
  if (cursor) {
    const at = millisToDb(cursor.key)
    query.where((keyset) => {
      keyset
        .where('pl.created_at', '<', at)
        .orWhere((tie) => tie.where('pl.created_at', at).where('pl.user_id', '<', cursor.id))
    })
  }
  const rows = await query
    .orderBy('pl.created_at', 'desc')
    .orderBy('pl.user_id', 'desc')
    .limit(LIKERS_PAGE_SIZE + 1)
  const { items, hasMore } = splitPage(rows, LIKERS_PAGE_SIZE)
  const last = items[items.length - 1]
  return {
    data: items.map((row: any) => {
      const ms = dbTimeToMillis(row.liked_at)
      return {
        person: {
          id: row.id,
          username: row.username,
          fullName: row.full_name,
          avatarKey: row.avatar_key,
        },
        likedAt: Number.isNaN(ms) ? null : new Date(ms),
      }
    }),
    nextCursor: hasMore && last ? `${dbTimeToMillis(last.liked_at)}.${last.id}` : null,
  }
}
