import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Post from '#models/post'
import type User from '#models/user'
import { recountShares, recountUserPosts } from '#services/posts/publication'
import PostModerated from '#events/post_moderated'
import PostCountsChanged from '#events/post_counts_changed'
import { lockRowsForChange } from '#services/db/row_lock'

export type ModerationDecision = 'approved' | 'rejected'

/**
 * Decides pending posts, in ONE transaction:
 * - approved → `published` (publication date now, no reason kept);
 * - rejected → `rejected` with the reason; the post stays visible to its
 *   author and admins only, like a pending one (THE visibility rule).
 * Only posts still pending change: each row is re-read pending inside the
 * transaction (locked on PG), so two admins deciding at once cannot both
 * win; the others are returned as `skipped`. The authors' posts_count and,
 * for shares, the originals' shares_count are recounted in the same
 * transaction. After commit, per decided post, `post:moderated` goes out
 * (the notifications listener tells the author, announces an approved post
 * to the feeds and tells the people tagged in it; the moderation listener
 * pushes the queue count), and `post:counts_changed` for a share's
 * original.
 */
export default class ModeratePosts {
  async handle(
    moderator: Pick<User, 'id'>,
    ids: number[],
    decision: ModerationDecision,
    reason: string | null = null
  ): Promise<{ decided: Post[]; skipped: number[] }> {
    const decided = await db.transaction(async (trx) => {
      const query = Post.query({ client: trx })
        .whereIn('id', ids)
        .where('status', 'pending')
        .whereNull('deleted_at')
        .orderBy('id')
      // Row locks on PG; SQLite serialises writers already.
      lockRowsForChange(query)
      const rows = await query
      const now = DateTime.now()
      for (const row of rows) {
        if (decision === 'approved') {
          row.status = 'published'
          row.publishedAt = now
          row.rejectionReason = null
        } else {
          row.status = 'rejected'
          row.publishedAt = null
          row.rejectionReason = reason
        }
        await row.save()
      }
      // Posts' rows before users' rows, each in id order (docs/architecture.md, "Row locks").
      const originals = rows
        .map((row) => row.sharedPostId)
        .filter((id): id is number => id !== null)
      for (const originalId of [...new Set(originals)].sort((a, b) => a - b)) {
        await recountShares(originalId, trx)
      }
      for (const authorId of [...new Set(rows.map((row) => row.authorId))].sort((a, b) => a - b)) {
        await recountUserPosts(authorId, trx)
      }
      return rows
    })

    for (const post of decided) {
      await PostModerated.dispatch({
        postId: post.id,
        authorId: post.authorId,
        moderatorId: moderator.id,
        decision,
        reason: decision === 'rejected' ? reason : null,
      })
      if (decision === 'approved' && post.sharedPostId !== null) {
        await PostCountsChanged.dispatch({ postId: post.sharedPostId })
      }
    }
    const done = new Set(decided.map((post) => post.id))
    return { decided, skipped: ids.filter((id) => !done.has(id)) }
  }
}
