import type { HttpContext } from '@adonisjs/core/http'
import {
  likedPosts,
  myPosts,
  publicFeed,
  teamFeed,
  topPosts,
  TOP_LIMIT,
  TOP_WINDOW_DAYS,
  userFeed,
} from '#queries/feeds/feeds'
import { findProfile } from '#queries/people/profiles'
import { isTeamMember } from '#services/account_state'
import { apiPost } from '#transformers/api/post_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendPage } from '#services/api/responses'
import { apiPageValidator } from '#validators/api'

/**
 * Feeds of the public API: the same queries as the web pages (THE
 * visibility rule, keyset cursors, constant queries per page).
 */
export default class ApiFeedsController {
  /** The team feed: members and admins (externals have none, as on the web: 403). */
  async team(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (!isTeamMember(user)) {
      throw new ApiProblem(403, 'The team feed is for team members: read the public feed.')
    }
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await teamFeed(user, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor)
  }

  async publicFeed(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await publicFeed(user, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor)
  }

  /** A person's posts, as on their profile (404 if unknown, not live or blocking the viewer). */
  async person(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const found = await findProfile(user, ctx.params.username)
    if (!found) throw new ApiProblem(404, 'There is no such person, or you may not see them.')
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    // The profile page shows no posts of someone the viewer blocked.
    if (found.blockedByViewer) return sendPage(ctx, [], null)
    const page = await userFeed(user, found.user.id, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor)
  }

  /** My posts, as on the My posts page: the owner's posts and shares, whatever their status. */
  async mine(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await myPosts(user, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor)
  }

  /** Posts the owner liked, most recently liked first (as on the Liked posts page). */
  async liked(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await likedPosts(user, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor)
  }

  /** Top posts, as on the Top posts page: one bounded list, no further page. */
  async top(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const posts = await topPosts(user)
    return sendPage(ctx, posts.map(apiPost), null, {
      windowDays: TOP_WINDOW_DAYS,
      limit: TOP_LIMIT,
    })
  }
}
