import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import Comment from '#models/comment'
import CommentPolicy from '#policies/comment_policy'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { findVisibleComment, visibleComments } from '#queries/feeds/post_comments'
import { createCommentValidator } from '#validators/comment'
import CreateComment from '#actions/engagement/create_comment'
import DeleteComment from '#actions/engagement/delete_comment'
import { wantsJson } from '#controllers/engagement/responses'

/**
 * Comments (PRODUCT §5). Writing needs a visible, published post; deleting
 * needs a visible comment on a visible post and CommentPolicy (its author,
 * the post's author, admins). Anything the viewer cannot see is a 404.
 * JSON callers (the post card) get the comment / the new count; forms go
 * back with a flash.
 */
export default class CommentsController {
  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    const { body } = await request.validateUsing(createCommentValidator)
    if (post.status !== 'published') {
      const message = 'This post is not published yet: it cannot be commented on.'
      if (wantsJson(ctx)) return response.status(409).json({ errors: [{ message }] })
      session.flashErrors({ body: message })
      return response.redirect().back()
    }

    const { comment, commentsCount } = await new CreateComment().handle(user, post, body)
    if (wantsJson(ctx)) {
      return response
        .status(201)
        .json({ comment: await findVisibleComment(user, post, comment.id), commentsCount })
    }
    session.flash('success', 'Your comment is posted.')
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { bouncer, response, session } = ctx
    const user = ctx.auth.getUserOrFail()
    const id = String(ctx.params.id)
    const comment = /^\d{1,15}$/.test(id)
      ? await Comment.query().where('id', Number(id)).whereNull('deleted_at').first()
      : null
    if (!comment) throw new E_NOT_FOUND()
    const post = await findVisiblePost(user, comment.postId)
    if (!post) throw new E_NOT_FOUND()
    const visible = await visibleComments(user, post).where('comments.id', comment.id).first()
    if (!visible) throw new E_NOT_FOUND()

    if (await bouncer.with(CommentPolicy).denies('delete', comment, post)) {
      const message = 'Only the comment’s author, the post’s author or an admin can delete it.'
      if (wantsJson(ctx)) return response.status(403).json({ errors: [{ message }] })
      session.flash('error', message)
      return response.redirect().back()
    }

    const { commentsCount } = await new DeleteComment().handle(comment)
    if (wantsJson(ctx)) return response.json({ deleted: true, commentsCount })
    session.flash('success', 'The comment is deleted.')
    return response.redirect().back()
  }
}
