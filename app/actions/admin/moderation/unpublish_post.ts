import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import type User from '#models/user'
import { recountShares, recountUserPosts } from '#services/posts/publication'
import PostUnpublished from '#events/post_unpublished'
import PostPending from '#events/post_pending'
import PostCountsChanged from '#events/post_counts_changed'
import { lockRowsForChange } from '#services/db/row_lock'

/**
 * Takes a published post back to review (PostModerations/IndexST): status
 * `pending`, no publication date, out of every feed until an admin approves
 * it again. The author is told why (`post:unpublished` → notification);
 * the queue count goes up for every admin (`post:pending`). The row is
 * re-read published inside the transaction (locked on PG): a post deleted
 * or unpublished meanwhile is left alone and `false` is returned.
 */
export default class UnpublishPost {
  async handle(moderator: Pick<User, 'id'>, post: Post, reason: string) {
    const row = await db.transaction(async (trx) => {
      const query = Post.query({ client: trx })
        .where('id', post.id)
        .where('status', 'published')
        .whereNull('deleted_at')
      lockRowsForChange(query)
      const found = await query.first()
      if (!found) return null
      found.status = 'pending'
      found.publishedAt = null
      found.rejectionReason = null
      await found.save()
      if (found.sharedPostId !== null) await recountShares(found.sharedPostId, trx)
      await recountUserPosts(found.authorId, trx)
      return found
    })
    if (!row) return false
    await post.refresh()
    await PostUnpublished.dispatch({
      postId: row.id,
      authorId: row.authorId,
      moderatorId: moderator.id,
      reason,
    })
    await PostPending.dispatch({ postId: row.id })
    if (row.sharedPostId !== null) {
      await PostCountsChanged.dispatch({ postId: row.sharedPostId })
    }
    return true
  }
}
