import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { applyVisibility, type Viewer } from '#queries/feeds/visible_posts'
import { dbTime } from '#services/db/db_time'

/** How many posts a weekly digest lists. */
export const DIGEST_LIMIT = 5
/** The digest's window: the posts published in the last 7 days. */
export const DIGEST_WINDOW_DAYS = 7

/** One post of the weekly digest. */
export interface DigestPost {
  id: number
  bodyText: string
  likesCount: number
  commentsCount: number
  authorName: string
}

/**
 * The week's most liked and commented posts `viewer` may see (THE
 * visibility rule: audience, live authors, and never a post by someone
 * either of them blocked), for the weekly digest: published in the last
 * DIGEST_WINDOW_DAYS days, with at least one like or comment, ranked by
 * likes + comments (ties: more likes, then newer). Originals only: a share
 * would repeat its original.
 */
export async function digestPosts(
  viewer: Viewer,
  now: DateTime = DateTime.now()
): Promise<DigestPost[]> {
  const since = dbTime(now.minus({ days: DIGEST_WINDOW_DAYS }))
  const query = db
    .from('posts')
    .join('users as author', 'author.id', 'posts.author_id')
    .whereRaw(`posts.status = 'published'`)
    .whereNull('posts.shared_post_id')
    .whereRaw('COALESCE(posts.published_at, posts.created_at) >= ?', [since])
    .whereRaw('(posts.likes_count + posts.comments_count) > 0')
  applyVisibility(query, viewer)
  const rows = await query
    .orderByRaw('(posts.likes_count + posts.comments_count) DESC')
    .orderBy('posts.likes_count', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(DIGEST_LIMIT)
    .select(
      'posts.id',
      'posts.body_text',
      'posts.likes_count',
      'posts.comments_count',
      'author.full_name'
    )
  return rows.map((row) => ({
    id: Number(row.id),
    bodyText: String(row.body_text ?? ''),
    likesCount: Number(row.likes_count),
    commentsCount: Number(row.comments_count),
    authorName: String(row.full_name),
  }))
}
