import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'

/**
 * Requires a signed-in account. Guests are sent to the sign-in page (and
 * back to where they were going afterwards). Accounts flagged for a forced
 * password change may only reach the change-password page and sign out.
 */
export default class AuthMiddleware {
  redirectTo = '/login'

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[]; allowPasswordChange?: boolean } = {}
  ) {
    if (!ctx.auth.isAuthenticated) {
      if (ctx.request.method() === 'GET' && !ctx.request.ajax()) {
        ctx.session.put('intended_url', ctx.request.url(true))
      }
      // A page (not an API call) goes to the plain sign-in page. The auth
      // package's own redirect would carry this URL's query string over
      // (/media/7?download=1 → /login?download=1); the way back is the
      // intended URL kept in the session above.
      if (ctx.request.accepts(['html', 'json']) !== 'json') {
        return ctx.response.redirect().toPath(this.redirectTo)
      }
    }
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })

    const user = ctx.auth.getUserOrFail()
    if (user.mustChangePassword && !options.allowPasswordChange) {
      return ctx.response.redirect().toRoute('password.change')
    }
    return next()
  }
}
