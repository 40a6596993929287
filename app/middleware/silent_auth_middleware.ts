import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isTokenOnlyRequest } from '#middleware/web_only'
import { accountBlockReason, blockMessage } from '#services/account_state'

/**
 * Resolves the signed-in user (if any) on every request, and signs out at
 * once an account that was disabled, deleted or otherwise blocked since its
 * session started (e.g. an admin deactivated it, or the user changed their
 * e-mail and must verify the new address), telling them why.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    // The public API has no session: its routes authenticate the bearer token (apiAuth).
    if (isTokenOnlyRequest(ctx)) return next()
    await ctx.auth.check()
    const user = ctx.auth.user
    const reason = user ? accountBlockReason(user) : null
    if (user && reason) {
      await ctx.auth.use('web').logout()
      if (reason === 'unverified') ctx.session.put('verify_user_id', user.id)
      ctx.session.flash('error', blockMessage(user, reason))
    } else if (user && ctx.auth.use('web').viaRemember) {
      // A session restored from a remember-me cookie is new: tag it so it
      // can be listed and revoked like one opened at sign-in.
      await ctx.session.tag(String(user.id))
    }
    return next()
  }
}
