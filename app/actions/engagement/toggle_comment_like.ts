import type Comment from '#models/comment'
import type User from '#models/user'
import { deleteLike, findLike, insertLike } from '#services/engagement/like_rows'
import { runSqlSteps, type SqlSteps } from '#services/db/sql_steps'
import CommentLiked from '#events/comment_liked'

interface Toggled {
  liked: boolean
  likes: number
  changed: boolean
}

/** The toggle's transaction (app/services/db/sql_steps.ts). */
function* toggleCommentLike(commentId: number, userId: number, want?: boolean): SqlSteps<Toggled> {
  const liked =
    want ?? (yield findLike('comment_likes', 'comment_id', commentId, userId)).length === 0
  const changed =
    (yield liked
      ? insertLike('comment_likes', 'comment_id', commentId, userId)
      : deleteLike('comment_likes', 'comment_id', commentId, userId)).length > 0
  const [row] = yield changed
    ? {
        sql: 'UPDATE comments SET likes_count = likes_count + ? WHERE id = ? RETURNING likes_count',
        bindings: [liked ? 1 : -1, commentId],
      }
    : { sql: 'SELECT likes_count FROM comments WHERE id = ?', bindings: [commentId] }
  return { liked, likes: Number(row?.likes_count ?? 0), changed }
}

/**
 * Likes or unlikes a comment (the caller checked that its post and the
 * comment are visible). Same rules as TogglePostLike: `want` sets the
 * state, comments.likes_count moves in the same transaction only when a row
 * changed. (users.likes_given_count counts post likes only.)
 */
export default class ToggleCommentLike {
  async handle(user: User, comment: Pick<Comment, 'id' | 'postId' | 'authorId'>, want?: boolean) {
    const result = await runSqlSteps(() => toggleCommentLike(comment.id, user.id, want))
    if (result.changed && result.liked) {
      await CommentLiked.dispatch({
        commentId: comment.id,
        postId: comment.postId,
        commentAuthorId: comment.authorId,
        userId: user.id,
      })
    }
    return { liked: result.liked, likes: result.likes }
  }
}
