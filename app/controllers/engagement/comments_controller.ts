import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import Comment from '#models/comment'
import CommentPolicy from '#policies/comment_policy'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentWithKey } from '#queries/feeds/client_keys'
import { findVisibleComment, visibleComments } from '#queries/feeds/post_comments'
import CommentTransformer from '#transformers/comment_transformer'
import { createCommentValidator } from '#validators/comment'
import CreateComment from '#actions/engagement/create_comment'
import DeleteComment from '#actions/engagement/delete_comment'
import { wantsJson } from '#services/http/requests'
import StoreCommentImages from '#actions/engagement/store_comment_images'
import { refuse } from '#exceptions/refuse'
import { createOnce, idempotencyKey } from '#services/idempotency'
import type User from '#models/user'
import type Post from '#models/post'

/**
 * Comments (PRODUCT §5). Writing needs a visible, published post; deleting
 * needs a visible comment on a visible post and CommentPolicy (its author,
 * the post's author, admins). Anything the viewer cannot see is a 404.
 * A comment has text and/or up to 4 images (multipart `images[]`, through
 * the media pipeline; refused files → 422 and nothing stored). JSON
 * callers (the post card) get the comment / the new count; forms go back
 * with a flash.
 */
export default class CommentsController {
  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    // A replay (the outbox sending again) answers like the first request did.
    const clientKey = idempotencyKey(request)
    const findFirst = () => commentWithKey(user, clientKey)
    const first = await findFirst()
    if (first) return this.created(ctx, user, post, first)
    const validated = await request.validateUsing(createCommentValidator)
    const body = validated.body ?? ''
    if (post.status !== 'published') {
      const message = 'This post is not published yet: it cannot be commented on.'
      if (wantsJson(ctx)) return response.status(409).json({ errors: [{ message }] })
      session.flashErrors({ body: message })
      return response.redirect().back()
    }
    const files = request.files('images')
    if (!body && files.length === 0)
      throw refuse('body', 'Write something or add an image.', 'required')

    // Images are checked (all of them) and stored before the comment is
    // written; if anything fails afterwards, the stored files are removed.
    const images = new StoreCommentImages()
    const stored = await images.handle(files)
    let created: Awaited<ReturnType<CreateComment['handle']>>
    try {
      created = await createOnce(
        clientKey,
        () => new CreateComment().handle(user, post, body, stored, clientKey),
        async () => {
          const winner = await findFirst()
          // The first request's row stands: this one's images are not kept.
          if (winner) await images.batch.discard()
          return winner
        }
      )
    } catch (error) {
      await images.batch.discard()
      throw error
    }
    return this.created(ctx, user, post, created)
  }

  private async created(
    ctx: HttpContext,
    user: User,
    post: Post,
    { comment, commentsCount }: { comment: Comment; commentsCount: number }
  ) {
    const { response, session } = ctx
    if (wantsJson(ctx)) {
      const card = await findVisibleComment(user, post, comment.id)
      return response.status(201).json({
        comment: card ? new CommentTransformer(card, user, post).toObject() : null,
        commentsCount,
      })
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
