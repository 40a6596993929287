import type { HttpContext } from '@adonisjs/core/http'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentLikers, postLikers } from '#queries/feeds/post_comments'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import { apiPerson } from '#transformers/api/person_transformer'
import { ApiProblem } from '#services/api/problem'
import { findComment } from '#services/api/find_comment'
import { sendPage } from '#services/api/responses'
import { apiPageValidator } from '#validators/api'

const POST_NOT_FOUND = 'There is no such post, or you may not see it.'
const NOT_PUBLISHED = 'This post is not published yet: it cannot be liked.'

/**
 * Likes through the public API, by the web app's rules (LikesController):
 * like (PUT) and unlike (DELETE) posts and comments, idempotent, by
 * TogglePostLike / ToggleCommentLike with the wanted state; what the owner
 * may not see is a 404, a post not published yet a 409. "Liked by" lists,
 * most recent first, by the web app's query (people the owner may see).
 */
export default class ApiLikesController {
  async like(ctx: HttpContext) {
    return this.setPost(ctx, true)
  }

  async unlike(ctx: HttpContext) {
    return this.setPost(ctx, false)
  }

  async likeComment(ctx: HttpContext) {
    return this.setComment(ctx, true)
  }

  async unlikeComment(ctx: HttpContext) {
    return this.setComment(ctx, false)
  }

  async postLikers(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, POST_NOT_FOUND)
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await postLikers(user, post, cursor)
    return sendPage(ctx, page.data.map(apiLiker), page.nextCursor)
  }

  async commentLikers(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { comment } = await findComment(user, ctx.params.id)
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await commentLikers(user, comment, cursor)
    return sendPage(ctx, page.data.map(apiLiker), page.nextCursor)
  }

  private async setPost(ctx: HttpContext, want: boolean) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, POST_NOT_FOUND)
    if (post.status !== 'published') throw new ApiProblem(409, NOT_PUBLISHED)
    const result = await new TogglePostLike().handle(user, post, want)
    return ctx.response.json({ liked: result.liked, likes: result.likes })
  }

  private async setComment(ctx: HttpContext, want: boolean) {
    const user = ctx.auth.getUserOrFail()
    const { comment, post } = await findComment(user, ctx.params.id)
    if (post.status !== 'published') throw new ApiProblem(409, NOT_PUBLISHED)
    const result = await new ToggleCommentLike().handle(user, comment, want)
    return ctx.response.json({ liked: result.liked, likes: result.likes })
  }
}

function apiLiker(liker: { person: Parameters<typeof apiPerson>[0]; likedAt: Date | null }) {
  return { person: apiPerson(liker.person), likedAt: liker.likedAt?.toISOString() ?? null }
}
