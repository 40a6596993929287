import db from '@adonisjs/lucid/services/db'
import type Post from '#models/post'
import type User from '#models/user'
import { deleteLike, hasLike, insertLike } from '#services/engagement/like_rows'
import { rawRows } from '#services/db/db_time'
import {
  postCountsFrom,
  readPostCounts,
  type CountsRow,
  type PostCounts,
} from '#services/live_posts'
import PostLiked from '#events/post_liked'
import PostCountsChanged from '#events/post_counts_changed'

/**
 * Likes or unlikes a post for a user (the caller checked the post is
 * visible and published). `want` sets the state (idempotent: liking twice
 * is one like); undefined toggles. posts.likes_count and the user's
 * likes_given_count (post likes given) move in the same transaction, only
 * when a row really changed.
 */
export default class TogglePostLike {
  async handle(user: User, post: Pick<Post, 'id' | 'authorId'>, want?: boolean) {
    const result = await db.transaction(async (trx) => {
      const target = want ?? !(await hasLike(trx, 'post_likes', 'post_id', post.id, user.id))
      const changed = target
        ? await insertLike(trx, 'post_likes', 'post_id', post.id, user.id)
        : await deleteLike(trx, 'post_likes', 'post_id', post.id, user.id)
      let counts: PostCounts | null
      if (changed) {
        const step = target ? 1 : -1
        // The counter moves and is read back in one statement (SQLite ≥
        // 3.35 and PostgreSQL both have UPDATE … RETURNING). The post's row
        // before the user's, as every write does (docs/architecture.md,
        // "Row locks"): a like and a comment of one person on one post at
        // once deadlocked on PostgreSQL when the like took them the other way.
        const [row] = rawRows<CountsRow>(
          await trx.rawQuery(
            `UPDATE posts SET likes_count = likes_count + ? WHERE id = ?
             RETURNING likes_count, comments_count, shares_count`,
            [step, post.id]
          )
        )
        await trx.from('users').where('id', user.id).increment('likes_given_count', step)
        counts = row ? postCountsFrom(row) : null
      } else {
        counts = await readPostCounts(post.id, trx)
      }
      return { liked: target, counts, changed }
    })
    if (result.changed) {
      await PostCountsChanged.dispatch({
        postId: post.id,
        counts: result.counts ?? undefined,
      })
    }
    if (result.changed && result.liked) {
      await PostLiked.dispatch({
        postId: post.id,
        postAuthorId: post.authorId,
        userId: user.id,
      })
    }
    return { liked: result.liked, likes: result.counts?.likes ?? 0 }
  }
}
