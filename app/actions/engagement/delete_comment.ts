import db from '@adonisjs/lucid/services/db'
import type Comment from '#models/comment'
import { dbNow } from '#services/db/db_time'
import { deleteMediaFiles } from '#services/media_storage'
import PostCountsChanged from '#events/post_counts_changed'

/**
 * Deletes a comment (soft: deleted_at, so it never shows or counts again).
 * The update is conditional on the comment not being deleted yet, so two
 * deletes at once decrement the counters once; posts.comments_count and
 * the comment author's users.comments_count move in the same transaction.
 * The comment's images are removed with it (rows in the transaction, the
 * stored files right after it commits).
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
      let files: (string | null)[] = []
      if (changed) {
        await trx.from('posts').where('id', comment.postId).decrement('comments_count', 1)
        await trx.from('users').where('id', comment.authorId).decrement('comments_count', 1)
        // Its images go with it: rows now, files once the deletion is committed.
        const media = await trx
          .from('media')
          .where('comment_id', comment.id)
          .select('file_key', 'display_key', 'thumb_key')
        files = media.flatMap((row) => [row.file_key, row.display_key, row.thumb_key])
        if (media.length) await trx.from('media').where('comment_id', comment.id).delete()
      }
      const row = await trx
        .from('posts')
        .where('id', comment.postId)
        .select('comments_count')
        .first()
      return { deleted: changed, commentsCount: Number(row?.comments_count ?? 0), files }
    })
    await deleteMediaFiles(result.files)
    if (result.deleted) await PostCountsChanged.dispatch({ postId: comment.postId })
    return { deleted: result.deleted, commentsCount: result.commentsCount }
  }
}
