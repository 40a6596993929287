import type Post from '#models/post'
import type User from '#models/user'
import { deleteLike, findLike, insertLike } from '#services/engagement/like_rows'
import { runSqlSteps, type SqlSteps } from '#services/db/sql_steps'
import { postCountsFrom, type CountsRow, type PostCounts } from '#services/live_posts'
import PostLiked from '#events/post_liked'
import PostCountsChanged from '#events/post_counts_changed'

interface Toggled {
  liked: boolean
  counts: PostCounts | null
  changed: boolean
}

/**
 * The toggle's transaction (app/services/db/sql_steps.ts: straight on
 * SQLite, through knex on PostgreSQL).
 */
function* togglePostLike(postId: number, userId: number, want?: boolean): SqlSteps<Toggled> {
  const liked = want ?? (yield findLike('post_likes', 'post_id', postId, userId)).length === 0
  const changed =
    (yield liked
      ? insertLike('post_likes', 'post_id', postId, userId)
      : deleteLike('post_likes', 'post_id', postId, userId)).length > 0
  if (!changed) {
    const [row] = (yield {
      sql: 'SELECT likes_count, comments_count, shares_count FROM posts WHERE id = ?',
      bindings: [postId],
    }) as CountsRow[]
    return { liked, counts: row ? postCountsFrom(row) : null, changed }
  }
  const step = liked ? 1 : -1
  // The counter moves and is read back in one statement (SQLite ≥ 3.35 and
  // PostgreSQL both have UPDATE … RETURNING). The post's row before the
  // user's, as every write does (docs/architecture.md, "Row locks"): a like
  // and a comment of one person on one post at once deadlocked on
  // PostgreSQL when the like took them the other way.
  const [row] = (yield {
    sql: `UPDATE posts SET likes_count = likes_count + ? WHERE id = ?
          RETURNING likes_count, comments_count, shares_count`,
    bindings: [step, postId],
  }) as CountsRow[]
  yield {
    sql: 'UPDATE users SET likes_given_count = likes_given_count + ? WHERE id = ? RETURNING id',
    bindings: [step, userId],
  }
  return { liked, counts: row ? postCountsFrom(row) : null, changed }
}

/**
 * Likes or unlikes a post for a user (the caller checked the post is
 * visible and published). `want` sets the state (idempotent: liking twice
 * is one like); undefined toggles. posts.likes_count and the user's
 * likes_given_count (post likes given) move in the same transaction, only
 * when a row really changed.
 */
export default class TogglePostLike {
  async handle(user: User, post: Pick<Post, 'id' | 'authorId'>, want?: boolean) {
    const result = await runSqlSteps(() => togglePostLike(post.id, user.id, want))
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
