import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { broadcast } from '#services/broadcast'
import { feedChannelsFor, postChannel } from '#services/realtime/channels'

/**
 * Live feed updates (issue 4 §4).
 *
 * - Counts: after a like, comment or share changed a post's counters, its
 *   channel `private-App.Models.Post.{id}` (authorised with canViewPost)
 *   gets `PostCountsUpdated` with the exact stored counts.
 * - New posts: a published post's id goes out on the feed channels
 *   (`private-App.Feed.team` for members and admins, `private-App.Feed.public`
 *   for everyone signed in). The id alone says nothing; the browser asks
 *   GET /feeds/:feed/new, which counts what the viewer may see by THE
 *   visibility rule (blocks included), and shows "N new posts".
 */
/** A post's public counters, as stored. */
export interface PostCounts {
  likes: number
  comments: number
  shares: number
}

/** The counter columns of a posts row, as a raw query reads them. */
export interface CountsRow {
  likes_count: unknown
  comments_count: unknown
  shares_count: unknown
}

export function postCountsFrom(row: CountsRow): PostCounts {
  return {
    likes: Number(row.likes_count),
    comments: Number(row.comments_count),
    shares: Number(row.shares_count),
  }
}

/**
 * A post's stored counts (null: no such post), through `client` (a
 * transaction) or the default connection.
 */
export async function readPostCounts(
  postId: number,
  client: QueryClientContract = db.connection()
): Promise<PostCounts | null> {
  const row = await client
    .from('posts')
    .where('id', postId)
    .select('likes_count', 'comments_count', 'shares_count')
    .first()
  return row ? postCountsFrom(row) : null
}

/**
 * Sends a post's counts to its channel: `counts` as a transaction that
 * just moved them read them (UPDATE … RETURNING, committed before the
 * event), else read now.
 */
export async function publishPostCounts(postId: number, counts?: PostCounts) {
  try {
    const current = counts ?? (await readPostCounts(postId))
    if (!current) return
    await broadcast(postChannel(postId), 'PostCountsUpdated', { postId, ...current })
  } catch (error) {
    logger.error({ err: error }, 'could not publish live post counts')
  }
}

export async function publishNewPost(post: { postId: number; audience: 'team' | 'public' }) {
  try {
    await broadcast(feedChannelsFor(post.audience), 'PostPublished', { postId: post.postId })
  } catch (error) {
    logger.error({ err: error }, 'could not publish a new post live')
  }
}
