import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import {
  likedPosts,
  myPosts,
  publicFeed,
  teamFeed,
  topPosts,
  TOP_LIMIT,
  TOP_WINDOW_DAYS,
  type FeedPage,
} from '#queries/feeds/feeds'
import PostTransformer from '#transformers/post_transformer'

/**
 * The feed pages (PRODUCT §4). Each list is an Inertia scroll prop `posts`:
 * the first page on a visit, the next one on `?cursor=` as a partial reload
 * of `posts` only (merged by id on the client). Top posts is a bounded list.
 */
export default class FeedsController {
  /** Guests: Welcome. Externals have no team feed: /public. Others: Home (team feed). */
  async home(ctx: HttpContext) {
    const user = ctx.auth.user
    if (!user) return ctx.inertia.render('Welcome', {})
    if (user.role === 'external') return ctx.response.redirect().toRoute('feed.public')
    return ctx.inertia.render('Home', {
      feed: 'team' as const,
      posts: this.scroll(ctx, user, teamFeed),
    })
  }

  /** /public: public posts, for everyone signed in. */
  async publicFeed(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    return ctx.inertia.render('Home', {
      feed: 'public' as const,
      posts: this.scroll(ctx, user, publicFeed),
    })
  }

  /** Homepage/MyPost: own posts with Published / Pending / Rejected badges. */
  async mine(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    return ctx.inertia.render('Homepage/MyPost', { posts: this.scroll(ctx, user, myPosts) })
  }

  /** Homepage/LikedPost: posts I liked, most recently liked first. */
  async liked(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    return ctx.inertia.render('Homepage/LikedPost', { posts: this.scroll(ctx, user, likedPosts) })
  }

  /** Homepage/TopPost: most liked + commented posts of the recent window. */
  async top(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const posts = await topPosts(user)
    return ctx.inertia.render('Homepage/TopPost', {
      posts: posts.map((post) => new PostTransformer(post, user).toObject()),
      windowDays: TOP_WINDOW_DAYS,
      limit: TOP_LIMIT,
    })
  }

  private scroll(
    { inertia, request }: HttpContext,
    user: User,
    load: (viewer: User, cursor?: unknown) => Promise<FeedPage>
  ) {
    const raw = request.input('cursor')
    return inertia
      .scroll(
        async () => {
          const page = await load(user, raw)
          return {
            data: page.posts.map((post) => new PostTransformer(post, user).toObject()),
            cursor: page.cursor,
            nextCursor: page.nextCursor,
          }
        },
        (value) => ({
          pageName: 'cursor',
          currentPage: value.cursor,
          nextPage: value.nextCursor,
          previousPage: null,
        })
      )
      .matchOn('id')
  }
}
