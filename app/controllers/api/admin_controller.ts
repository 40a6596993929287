import type { HttpContext } from '@adonisjs/core/http'
import PostPolicy from '#policies/post_policy'
import { moderatePosts } from '#actions/admin/moderate_post'
import { bulkModerationValidator } from '#validators/admin_post'
import { visiblePosts } from '#queries/feeds/visible_posts'
import { pendingPostsPage } from '#queries/admin/admin_posts'
import { pendingPostsCount } from '#queries/admin/moderation_counts'
import { apiPost } from '#transformers/api/post_transformer'
import { audit } from '#services/audit'
import { ApiProblem } from '#services/api/problem'
import { sendPage } from '#services/api/responses'
import { apiPageValidator } from '#validators/api'

/**
 * The back office through the public API (issue 14): a token with the
 * `admin` scope of an admin account (apiAuth checks both). The moderation
 * queue and its decisions, by the web app's own queries, validator, action,
 * policy and audit (ModerationController).
 */
export default class ApiAdminController {
  /** The posts waiting for review, oldest first, as on PostModerations/Index. */
  async moderationQueue(ctx: HttpContext) {
    const admin = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await pendingPostsPage(admin, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor, {
      pendingCount: await pendingPostsCount(),
    })
  }

  /**
   * Approves or rejects posts of the queue at once (`ids`, `decision`, a
   * `reason` to reject): all or nothing if one is not there; those decided
   * meanwhile by someone else are skipped and listed.
   */
  async decide(ctx: HttpContext) {
    const admin = ctx.auth.getUserOrFail()
    const { ids, decision, reason } = await ctx.request.validateUsing(bulkModerationValidator)
    const posts = await visiblePosts(admin).whereIn('posts.id', ids)
    if (posts.length !== ids.length) {
      throw new ApiProblem(404, 'Some of the chosen posts do not exist. Nothing was changed.')
    }
    for (const post of posts) {
      if (await ctx.bouncer.with(PostPolicy).denies('moderate', post)) {
        throw new ApiProblem(403, 'You may not moderate these posts. Nothing was changed.')
      }
    }
    const verdict = decision === 'approve' ? 'approved' : 'rejected'
    const { decided, skipped } = await moderatePosts(admin, ids, verdict, reason ?? null)
    for (const post of decided) {
      await audit(
        ctx,
        decision === 'approve' ? 'post.approve' : 'post.reject',
        { type: 'post', id: post.id },
        {
          authorId: post.authorId,
          audience: post.audience,
          ...(decision === 'reject' ? { reason } : {}),
          bulk: ids.length > 1,
        }
      )
    }
    return ctx.response.json({
      decided: decided.map((post) => String(post.id)),
      skipped: skipped.map(String),
    })
  }
}
