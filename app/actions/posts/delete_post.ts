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
      // Posts' rows before users' rows, users in id order (docs/architecture.md, "Row locks").
      if (shares.length) await recountShares(post.id, trx)
      if (post.sharedPostId !== null) await recountShares(post.sharedPostId, trx)
      const authors = new Set([post.authorId, ...shares.map((share) => share.authorId)])
      for (const authorId of [...authors].sort((a, b) => a - b)) {
        await recountUserPosts(authorId, trx)
      }
    })
  }
}
