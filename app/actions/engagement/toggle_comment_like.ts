import db from '@adonisjs/lucid/services/db'
import type Comment from '#models/comment'
import type User from '#models/user'
import { deleteLike, hasLike, insertLike } from '#services/engagement/like_rows'
import CommentLiked from '#events/comment_liked'

/**
 * Likes or unlikes a comment (the caller checked that its post and the
 * comment are visible). Same rules as TogglePostLike: `want` sets the
 * state, comments.likes_count moves in the same transaction only when a row
 * changed. (users.likes_given_count counts post likes only.)
 */
export default class ToggleCommentLike {
  async handle(user: User, comment: Pick<Comment, 'id' | 'postId' | 'authorId'>, want?: boolean) {
    const result = await db.transaction(async (trx) => {
      const target =
        want ?? !(await hasLike(trx, 'comment_likes', 'comment_id', comment.id, user.id))
      let changed = false
      if (target) {
        changed = await insertLike(trx, 'comment_likes', 'comment_id', comment.id, user.id)
        if (changed) await trx.from('comments').where('id', comment.id).increment('likes_count', 1)
      } else {
        changed = await deleteLike(trx, 'comment_likes', 'comment_id', comment.id, user.id)
        if (changed) await trx.from('comments').where('id', comment.id).decrement('likes_count', 1)
      }
      const row = await trx.from('comments').where('id', comment.id).select('likes_count').first()
      return { liked: target, likes: Number(row?.likes_count ?? 0), changed }
    })
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
