import type { HttpContext } from '@adonisjs/core/http'
import type Comment from '#models/comment'
import type Post from '#models/post'
import type User from '#models/user'
import { createOnce, idempotencyKey } from '#services/idempotency'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentWithKey } from '#queries/feeds/client_keys'
import { findVisibleComment, postComments } from '#queries/feeds/post_comments'
import { createCommentValidator } from '#validators/comment'
import CreateComment from '#actions/engagement/create_comment'
import DeleteComment from '#actions/engagement/delete_comment'
import CommentPolicy from '#policies/comment_policy'
import { findComment } from '#services/api/find_comment'
import StoreCommentImages from '#actions/engagement/store_comment_images'
import { refuse } from '#exceptions/refuse'
import { apiComment } from '#transformers/api/comment_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendPage } from '#services/api/responses'
import { apiPageValidator } from '#validators/api'

const NOT_FOUND = 'There is no such post, or you may not see it.'

/**
 * Comments through the public API, by the rules of the web app
 * (CommentsController): a visible post (else 404), published to be
 * commented on (else 409), text and/or up to 4 images (multipart `images`).
 */
export default class ApiCommentsController {
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await postComments(user, post, cursor)
    return sendPage(ctx, page.data.map(apiComment), page.nextCursor)
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    // A replay (same Idempotency-Key) answers the first comment again.
    const clientKey = idempotencyKey(ctx.request)
    const findFirst = () => commentWithKey(user, clientKey)
    const first = await findFirst()
    if (first) {
      ctx.response.header('Idempotent-Replayed', 'true')
      return this.created(ctx, user, post, first)
    }
    const validated = await ctx.request.validateUsing(createCommentValidator)
    const body = validated.body ?? ''
    if (post.status !== 'published') {
      throw new ApiProblem(409, 'This post is not published yet: it cannot be commented on.')
    }
    const files = ctx.request.files('images')
    if (!body && files.length === 0) {
      throw refuse('body', 'Write something or add an image.', 'required')
    }
    const images = new StoreCommentImages()
    const stored = await images.handle(files)
    let created: Awaited<ReturnType<CreateComment['handle']>>
    try {
      created = await createOnce(
        clientKey,
        () => new CreateComment().handle(user, post, body, stored, clientKey),
        async () => {
          const winner = await findFirst()
          // The first request's comment stands: this one's images are not kept.
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

  /** Deletes a comment (CommentPolicy: its author, the post's author or an admin). */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { comment, post } = await findComment(user, ctx.params.id)
    if (await ctx.bouncer.with(CommentPolicy).denies('delete', comment, post)) {
      throw new ApiProblem(
        403,
        'Only the comment’s author, the post’s author or an admin can delete it.'
      )
    }
    const { commentsCount } = await new DeleteComment().handle(comment)
    return ctx.response.json({ deleted: true, commentsCount })
  }

  private async created(
    ctx: HttpContext,
    user: User,
    post: Post,
    { comment, commentsCount }: { comment: Comment; commentsCount: number }
  ) {
    const card = await findVisibleComment(user, post, comment.id)
    if (!card) throw new ApiProblem(404, NOT_FOUND)
    ctx.response.status(201)
    return ctx.response.json({ comment: apiComment(card), commentsCount })
  }
}
