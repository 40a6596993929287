import type { HttpContext } from '@adonisjs/core/http'
import DecideModerationQueue from '#actions/admin/moderation/decide_queue'
import type Post from '#models/post'
import type User from '#models/user'
import PostPolicy from '#policies/post_policy'
import UnpublishPost from '#actions/admin/moderation/unpublish_post'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { bulkModerationValidator, unpublishPostValidator } from '#validators/admin_post'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import {
  adminPostsPage,
  normaliseAdminPostFilters,
  pendingPostsPage,
} from '#queries/admin/admin_posts'
import { openReportTargetsCount, pendingPostsCount } from '#queries/admin/moderation_counts'
import PostTransformer from '#transformers/post_transformer'
import TeamPostTransformer from '#transformers/admin/team_post_transformer'
import { audit } from '#services/audit'

/**
 * Post moderation (issue 19 §2, PRODUCT §9):
 * - PostModerations/Index: the queue of pending posts, oldest first, each
 *   as members will see it; approve or reject (with a reason) one or many
 *   at once;
 * - PostModerations/IndexST: every team post with filters (author,
 *   audience, state, creation days), keyset pages; unpublish (back to
 *   review, the author told why) and delete (admin.posts.destroy).
 * Admins only (route middleware), and every post through PostPolicy.
 */
export default class ModerationController {
  async queue({ auth, request, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    const page = await pendingPostsPage(admin, request.input('cursor'))
    const [pendingCount, openReports] = await Promise.all([
      pendingPostsCount(),
      openReportTargetsCount(),
    ])
    return inertia.render('PostModerations/Index', {
      posts: page.posts.map((post) => new PostTransformer(post, admin).toObject()),
      pendingCount,
      openReports,
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  /**
   * Approves or rejects the chosen posts in one transaction. Every post is
   * authorised first (PostPolicy.moderate): one refusal refuses them all,
   * nothing written. Posts decided meanwhile by someone else are skipped and
   * named in the message.
   */
  async decide(ctx: HttpContext) {
    const { request, response, session } = ctx
    const input = await request.validateUsing(bulkModerationValidator)
    const outcome = await new DecideModerationQueue().handle(ctx, input)
    if (!outcome.done) {
      session.flash('error', outcome.message)
      return response.redirect().withQs().back()
    }
    const { decided, skipped } = outcome
    const decision = input.decision
    const done = decided.length
    const what = done === 1 ? '1 post' : `${done} posts`
    const left =
      skipped.length === 0
        ? ''
        : `${skipped.length === 1 ? '1 post was' : `${skipped.length} posts were`} already decided by someone else and left as they are.`
    if (done === 0) {
      session.flash('error', left)
    } else {
      const message =
        decision === 'approve'
          ? `${what} approved and published.`
          : `${what} rejected; the authors were told why.`
      session.flash('success', left ? `${message} ${left}` : message)
    }
    return response.redirect().withQs().back()
  }

  async posts({ auth, request, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    const filters = normaliseAdminPostFilters(request.qs())
    const page = await adminPostsPage(admin, filters, request.input('cursor'))
    return inertia.render('PostModerations/IndexST', {
      filters,
      pendingCount: await pendingPostsCount(),
      posts: TeamPostTransformer.transform(page.posts),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  /** A published post goes back to review; its author is told why. */
  async unpublish(ctx: HttpContext) {
    const { auth, params, request, response, session, bouncer } = ctx
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    await bouncer.with(PostPolicy).authorize('unpublish', post)
    const { reason } = await request.validateUsing(unpublishPostValidator)
    if (post.status !== 'published' || !(await new UnpublishPost().handle(admin, post, reason))) {
      session.flash('error', 'Only a published post can be unpublished; this one is not.')
      return response.redirect().withQs().back()
    }
    await audit(
      ctx,
      'post.unpublish',
      { type: 'post', id: post.id },
      { authorId: post.authorId, audience: post.audience, reason }
    )
    session.flash(
      'success',
      'The post is unpublished and waits for review; its author was told why.'
    )
    return response.redirect().withQs().back()
  }

  private async findVisible(admin: User, id: string): Promise<Post> {
    const post = await findVisiblePost(admin, id)
    if (!post) throw new E_NOT_FOUND()
    return post
  }
}
