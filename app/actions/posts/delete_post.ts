import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import { recountShares, recountUserPosts } from '#services/posts/publication'

/**
 * Deletes a post (soft: the row and its files stay for moderation and
 * export, but nobody sees it any more). Deleting an original deletes its
 * shares too, as a hard delete would by cascade. Counters follow in the
 * same transaction: the author's posts_count, the original's shares_count
 * (when a share is deleted), and the sharers' posts_count.
 */
export default class DeletePost {
  async handle(post: Post) {
    await db.transaction(async (trx) => {
      const now = DateTime.now()
      post.useTransaction(trx)
      post.deletedAt = now
      await post.save()

      const shares = await Post.query({ client: trx })
        .where('shared_post_id', post.id)
        .whereNull('deleted_at')
      for (const share of shares) {
        share.deletedAt = now
        await share.save()
      }
      if (shares.length) {
        for (const authorId of new Set(shares.map((share) => share.authorId))) {
          await recountUserPosts(authorId, trx)
        }
        await recountShares(post.id, trx)
      }

      await recountUserPosts(post.authorId, trx)
      if (post.sharedPostId !== null) await recountShares(post.sharedPostId, trx)
    })
  }
}
