import Comment from '#models/comment'
import type User from '#models/user'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { visibleComments } from '#queries/feeds/post_comments'
import { ApiProblem } from '#services/api/problem'

const COMMENT_NOT_FOUND = 'There is no such comment, or you may not see it.'

/**
 * A comment the user may see, with its post, as the web's likes and
 * comments controllers find it (not deleted, a visible post, a visible
 * comment: else a 404 that reveals nothing).
 */
export async function findComment(user: User, rawId: unknown) {
  const id = String(rawId)
  const comment = /^\d{1,15}$/.test(id)
    ? await Comment.query().where('id', Number(id)).whereNull('deleted_at').first()
    : null
  if (!comment) throw new ApiProblem(404, COMMENT_NOT_FOUND)
  const post = await findVisiblePost(user, comment.postId)
  if (!post) throw new ApiProblem(404, COMMENT_NOT_FOUND)
  const visible = await visibleComments(user, post).where('comments.id', comment.id).first()
  if (!visible) throw new ApiProblem(404, COMMENT_NOT_FOUND)
  return { comment, post }
}
