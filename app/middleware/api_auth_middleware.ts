import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import env from '#start/env'
import { accountBlockReason, BLOCK_MESSAGES } from '#services/account_state'
import { ApiProblem } from '#services/api/problem'
import type { ApiScope } from '#services/api/scopes'
import { waitText } from '#services/auth/rate_limits'

/** Requests one token may make per window (API_RATE_LIMIT, default 300 per 5 minutes). */
export const API_RATE_WINDOW_SECONDS = 300
export function apiRateLimit() {
  const configured = env.get('API_RATE_LIMIT')
  return typeof configured === 'number' && configured > 0 ? Math.floor(configured) : 300
}

function apiLimiter() {
  return limiter.use({ requests: apiRateLimit(), duration: API_RATE_WINDOW_SECONDS })
}

/** Forgets a token's count (tests). */
export async function resetApiRateLimit(tokenId: string | number) {
  await apiLimiter().delete(`api-token:${tokenId}`)
}

/**
 * The door of the public API (named `apiAuth` in start/kernel.ts), on every
 * /api/v1 route but the document itself:
 * 1. a personal access token in `Authorization: Bearer …` (the `api` guard;
 *    no session, no cookie): missing, unknown, revoked or expired → 401;
 * 2. the account must be usable right now, as for a session
 *    (accountBlockReason: deactivated, deletion requested, unapproved…) → 401;
 *    a forced password change must happen in the browser first → 403;
 * 3. the token must carry the route's scope (`admin` only while its owner
 *    is an admin) → 403;
 * 4. the token's rate limit: every answer carries `RateLimit-Limit`,
 *    `RateLimit-Remaining`, `RateLimit-Reset` (IETF draft) and
 *    `RateLimit-Policy`; beyond it a 429 with `Retry-After`.
 */
export default class ApiAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { scope: ApiScope }) {
    await ctx.auth.authenticateUsing(['api'])
    const guard = ctx.auth.use('api')
    const user = guard.getUserOrFail()
    const token = user.currentAccessToken

    const reason = accountBlockReason(user)
    if (reason) throw new ApiProblem(401, `This token cannot be used: ${BLOCK_MESSAGES[reason]}`)
    if (user.mustChangePassword) {
      throw new ApiProblem(
        403,
        'This account must set a new password first: sign in to Huddle in a browser.'
      )
    }
    const granted = token.allows(options.scope) && (options.scope !== 'admin' || user.isAdmin)
    if (!granted) {
      throw new ApiProblem(
        403,
        `This token does not have the "${options.scope}" scope. Create a token with it in your profile settings.`
      )
    }

    const limit = apiRateLimit()
    ctx.response.header('RateLimit-Policy', `${limit};w=${API_RATE_WINDOW_SECONDS}`)
    try {
      const result = await apiLimiter().consume(`api-token:${token.identifier}`)
      ctx.response.header('RateLimit-Limit', String(result.limit))
      ctx.response.header('RateLimit-Remaining', String(result.remaining))
      ctx.response.header('RateLimit-Reset', String(result.availableIn))
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        const wait = error.response.availableIn
        ctx.response.header('RateLimit-Limit', String(error.response.limit))
        ctx.response.header('RateLimit-Remaining', '0')
        ctx.response.header('RateLimit-Reset', String(wait))
        throw error.setMessage(
          `This token made too many requests (${limit} per ${API_RATE_WINDOW_SECONDS / 60} minutes). Wait ${waitText(wait)} and try again.`
        )
      }
      throw error
    }
    return next()
  }
}
