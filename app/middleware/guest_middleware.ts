import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { landingRoute } from '#services/account_state'

/**
 * Pages only guests need (sign in, register, forgot password): a signed-in
 * user is sent to their landing page instead.
 */
export default class GuestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.auth.isAuthenticated && ctx.auth.user) {
      return ctx.response.redirect().toRoute(landingRoute(ctx.auth.user))
    }
    return next()
  }
}
