import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import DashboardPolicy from '#policies/dashboard_policy'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { onlineUserIds } from '#queries/admin/dashboard'
import { oneOf } from '#queries/admin/dashboard_filters'
import {
  ACCOUNT_TABS,
  ACTIVE_WINDOWS,
  AUTHOR_WINDOWS,
  TOP_AUTHORS,
  USER_POST_STATES,
  accountsPage,
  activeCounts,
  activeUsersPage,
  rankedPostsPage,
  topAuthors,
  userPostCounts,
  userPostsPage,
  type PostRanking,
} from '#queries/admin/dashboard_lists'
import { accountStats } from '#services/dashboard_stats'
import AccountRowTransformer from '#transformers/admin/account_row_transformer'
import AuthorRankTransformer from '#transformers/admin/author_rank_transformer'
import RankedPostTransformer from '#transformers/admin/ranked_post_transformer'

/**
 * The dashboard's drill-down pages (issue 19 §1): each lists exactly what
 * a dashboard figure counts, with the same definition written on top.
 * Admins only (route middleware + DashboardPolicy); unknown filter values
 * and cursors are a 400 with a message.
 */
export default class DashboardListsController {
  /** Dashboard/Account: active / blocked / pending / leaving accounts, one tab per figure. */
  async accounts({ bouncer, request, inertia }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const tab = oneOf(request.input('tab'), ACCOUNT_TABS, 'members', 'tab')
    const [stats, page] = await Promise.all([
      accountStats(),
      accountsPage(tab, request.input('cursor')),
    ])
    return inertia.render('Dashboard/Account', {
      tab,
      tabs: stats.map(({ key, label, definition, value }) => ({
        key,
        label,
        definition,
        count: value,
      })),
      accounts: AccountRowTransformer.transform(page.items),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  /** Dashboard/ActiveUsers: online now (presence), signed in within 24 h / 7 days. */
  async activeUsers({ bouncer, request, inertia }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const window = oneOf(request.input('window'), ACTIVE_WINDOWS, 'online', 'window')
    const online = await onlineUserIds()
    const [counts, page] = await Promise.all([
      activeCounts(online),
      activeUsersPage(window, request.input('cursor'), online),
    ])
    return inertia.render('Dashboard/ActiveUsers', {
      window,
      counts,
      people: AccountRowTransformer.transform(page.items),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  /** Dashboard/MostLikedPosts: every published post, most liked first. */
  async mostLiked(ctx: HttpContext) {
    return this.rankedPosts(ctx, 'likes', 'Dashboard/MostLikedPosts')
  }

  /** Dashboard/MostCommentPosts: every published post, most commented first. */
  async mostCommented(ctx: HttpContext) {
    return this.rankedPosts(ctx, 'comments', 'Dashboard/MostCommentPosts')
  }

  /** The two ranked-posts drill-downs: one page of posts ranked by likes or comments. */
  private async rankedPosts(
    { bouncer, request, inertia }: HttpContext,
    ranking: PostRanking,
    page: 'Dashboard/MostLikedPosts' | 'Dashboard/MostCommentPosts'
  ) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const ranked = await rankedPostsPage(ranking, request.input('cursor'))
    return inertia.render(page, {
      posts: RankedPostTransformer.transform(ranked.items),
      cursor: ranked.cursor,
      nextCursor: ranked.nextCursor,
    })
  }

  /** Dashboard/MostUserPosts: the people who published most in a window. */
  async topAuthors({ bouncer, request, inertia }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const days = oneOf(request.input('days'), AUTHOR_WINDOWS, 30, 'days')
    const ranks = await topAuthors(days)
    return inertia.render('Dashboard/MostUserPosts', {
      days,
      windows: [...AUTHOR_WINDOWS],
      limit: TOP_AUTHORS,
      ranks: AuthorRankTransformer.transform(ranks),
    })
  }

  /** Dashboard/UserPosts: one person's posts in every state. */
  async userPosts({ bouncer, params, request, inertia }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const person = await User.find(params.id)
    if (!person) throw new E_NOT_FOUND()
    const state = oneOf(request.input('state'), USER_POST_STATES, 'all', 'state')
    const [counts, page] = await Promise.all([
      userPostCounts(person.id),
      userPostsPage(person.id, state, request.input('cursor')),
    ])
    return inertia.render('Dashboard/UserPosts', {
      person: new AccountRowTransformer(person).toObject(),
      state,
      counts,
      posts: RankedPostTransformer.transform(page.items),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }
}
