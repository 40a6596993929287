import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type Comment from '#models/comment'
import { dbNow } from '#queries/feeds/db_time'
import '#actions/notifications/events'

/**
 * Deletes a comment (soft: deleted_at, so it never shows or counts again).
 * The update is conditional on the comment not being deleted yet, so two
 * deletes at once decrement the counters once; posts.comments_count and
 * the comment author's users.comments_count move in the same transaction.
 */
export default class DeleteComment {
  async handle(comment: Pick<Comment, 'id' | 'postId' | 'authorId'>) {
    const result = await db.transaction(async (trx) => {
      const affected = await trx
        .from('comments')
        .where('id', comment.id)
        .whereNull('deleted_at')
        .update({ deleted_at: dbNow(), updated_at: dbNow() })
      const changed = Number(Array.isArray(affected) ? affected[0] : affected) > 0
      if (changed) {
        await trx.from('posts').where('id', comment.postId).decrement('comments_count', 1)
        await trx.from('users').where('id', comment.authorId).decrement('comments_count', 1)
      }
      const row = await trx
        .from('posts')
        .where('id', comment.postId)
        .select('comments_count')
        .first()
      return { deleted: changed, commentsCount: Number(row?.comments_count ?? 0) }
    })
    if (result.deleted) await emitter.emit('post:counts_changed', { postId: comment.postId })
    return result
  }
}
