import db from '@adonisjs/lucid/services/db'
import Comment from '#models/comment'
import Post from '#models/post'
import type User from '#models/user'

/**
 * The post this author already sent with this Idempotency-Key, if any (the
 * web composer's and the API's replays answer it again: app/services/idempotency.ts).
 */
export async function postWithKey(user: User, clientKey: string | null) {
  if (!clientKey) return null
  return Post.query().where('author_id', user.id).where('client_key', clientKey).first()
}

/**
 * The comment this author already sent with this Idempotency-Key, if any,
 * with its post's comment count now (the web's and the API's replays).
 */
export async function commentWithKey(user: User, clientKey: string | null) {
  if (!clientKey) return null
  const comment = await Comment.query()
    .where('author_id', user.id)
    .where('client_key', clientKey)
    .first()
  if (!comment) return null
  const row = await db.from('posts').where('id', comment.postId).select('comments_count').first()
  return { comment, commentsCount: Number(row?.comments_count ?? 0) }
}
