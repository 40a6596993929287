import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import Post from '#models/post'
import type User from '#models/user'
import { recountShares, recountUserPosts } from '#actions/posts/publication'
import '#actions/notifications/events'

export type ModerationDecision = 'approved' | 'rejected'

export type ModerationResult = { decided: true } | { decided: false; reason: 'not_pending' }

/**
 * An admin's decision on a pending post (PRODUCT §3 moderation rule),
 * from Posts/Index and Posts/Show (the moderation queue will call it too):
 * - approved → `published` (publication date now, no reason kept);
 * - rejected → `rejected` with the reason; the post stays visible to its
 *   author and admins only, like a pending one (THE visibility rule).
 * Only a pending post changes: the row is re-read pending inside the
 * transaction (locked on PG), so two admins deciding at once cannot both win. The author's posts_count and,
 * for a share, the original's shares_count are recounted in the same
 * transaction. After commit `post:moderated` goes out (the notifications
 * listener tells the author, announces an approved post to the feeds and
 * tells the people tagged in it), and `post:counts_changed` for a share's
 * original.
 */
export async function moderatePost(
  moderator: Pick<User, 'id'>,
  post: Post,
  decision: ModerationDecision,
  reason: string | null = null
): Promise<ModerationResult> {
  const changed = await db.transaction(async (trx) => {
    const query = Post.query({ client: trx })
      .where('id', post.id)
      .where('status', 'pending')
      .whereNull('deleted_at')
    // Row lock on PG; SQLite serialises writers already.
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const row = await query.first()
    if (!row) return false
    if (decision === 'approved') {
      row.status = 'published'
      row.publishedAt = DateTime.now()
      row.rejectionReason = null
    } else {
      row.status = 'rejected'
      row.publishedAt = null
      row.rejectionReason = reason
    }
    await row.save()
    await recountUserPosts(row.authorId, trx)
    if (row.sharedPostId !== null) await recountShares(row.sharedPostId, trx)
    return true
  })
  if (!changed) return { decided: false, reason: 'not_pending' }

  await post.refresh()
  await emitter.emit('post:moderated', {
    postId: post.id,
    authorId: post.authorId,
    moderatorId: moderator.id,
    decision,
    reason: decision === 'rejected' ? reason : null,
  })
  if (decision === 'approved' && post.sharedPostId !== null) {
    await emitter.emit('post:counts_changed', { postId: post.sharedPostId })
  }
  return { decided: true }
}
