import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import Comment from '#models/comment'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { postLikers, visibleComments } from '#queries/feeds/post_comments'
import LikerTransformer from '#transformers/liker_transformer'
import { likeValidator } from '#validators/comment'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import { wantsJson } from '#services/http/requests'

/**
 * Likes (PRODUCT §5): on posts and comments the viewer may see (else 404,
 * never revealing that something exists), published posts only (409
 * otherwise). `liked` in the body sets the state; without it the like
 * toggles. JSON callers get `{ liked, likes }`; forms go back.
 */
export default class LikesController {
  async togglePost(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    const { liked } = await ctx.request.validateUsing(likeValidator)
    if (post.status !== 'published') return this.notPublished(ctx)
    const result = await new TogglePostLike().handle(user, post, liked)
    if (wantsJson(ctx)) return ctx.response.json(result)
    return ctx.response.redirect().back()
  }

  async toggleComment(ctx: HttpContext) {
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
    const { liked } = await ctx.request.validateUsing(likeValidator)
    if (post.status !== 'published') return this.notPublished(ctx)
    const result = await new ToggleCommentLike().handle(user, comment, liked)
    if (wantsJson(ctx)) return ctx.response.json(result)
    return ctx.response.redirect().back()
  }

  /** "Liked by" list of a visible post (JSON: a page of people + next cursor). */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    if (!wantsJson(ctx)) {
      return ctx.response
        .status(406)
        .send('This list is available as JSON only (Accept: application/json).')
    }
    const page = await postLikers(user, post, ctx.request.input('cursor'))
    return ctx.response.json({
      data: page.data.map((liker) => new LikerTransformer(liker).toObject()),
      nextCursor: page.nextCursor,
    })
  }

  private notPublished(ctx: HttpContext) {
    const { response, session } = ctx
    const message = 'This post is not published yet: it cannot be liked.'
    if (wantsJson(ctx)) {
      return response.status(409).json({ errors: [{ message }] })
    }
    session.flash('error', message)
    return response.redirect().back()
  }
}
