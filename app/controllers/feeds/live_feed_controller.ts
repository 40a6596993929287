import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { BadCursorException, parseIdCursor } from '#queries/feeds/cursor'
import { newPostsCount } from '#queries/feeds/new_posts'
import { wantsJson } from '#services/http/requests'

/**
 * The "N new posts" bar (issue 4 §4). The feed channels only carry post
 * ids; the browser asks here how many posts newer than the top of its list
 * it may see, by THE visibility rule (blocks, audiences, shares).
 */
export default class LiveFeedController {
  async newPosts(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (!wantsJson(ctx)) {
      return ctx.response
        .status(406)
        .send('This count is available as JSON only (Accept: application/json).')
    }
    const feed = ctx.params.feed as 'team' | 'public'
    if (feed === 'team' && user.role === 'external') throw new E_NOT_FOUND()
    // "0": the list is empty, every post counts.
    const raw = ctx.request.input('after')
    const after = raw === '0' ? 0 : parseIdCursor(raw)
    if (after === null) throw new BadCursorException()
    return ctx.response.json(await newPostsCount(user, feed, after))
  }
}
