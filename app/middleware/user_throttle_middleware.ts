import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { consumeAbuseLimit, type AbuseLimitName } from '#services/abuse_limits'

/**
 * Per-user abuse limit of a route (named `userThrottle` in start/kernel.ts;
 * the limits are in app/services/abuse_limits.ts). Counts every request of
 * the signed-in user, answered or refused, so a script cannot probe for
 * free. Apply after `auth`:
 *
 *   router.post('/posts', …).use(middleware.userThrottle({ limit: 'posts' }))
 */
export default class UserThrottleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { limit: AbuseLimitName }) {
    const user = ctx.auth.user
    if (user) await consumeAbuseLimit(options.limit, user.id)
    return next()
  }
}
