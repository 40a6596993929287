import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { accountBlockReason } from '#services/account_state'

/**
 * Resolves the signed-in user (if any) on every request, and signs out at
 * once an account that was disabled, deleted or otherwise blocked since its
 * session started.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = await ctx.auth.check().then(() => ctx.auth.user)
    if (user && accountBlockReason(user) !== null) {
      await ctx.auth.use('web').logout()
    }
    return next()
  }
}
