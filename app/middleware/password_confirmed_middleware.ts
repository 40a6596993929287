import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { passwordRecentlyConfirmed } from '#services/password_confirmation'

/**
 * Sensitive actions (delete account, change e-mail, admin role changes)
 * need the password typed again within the last 3 hours.
 */
export default class PasswordConfirmedMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!passwordRecentlyConfirmed(ctx.session)) {
      const back =
        ctx.request.method() === 'GET' ? ctx.request.url(true) : ctx.request.header('referer')
      ctx.session.put('confirm_intended_url', back ?? '/')
      return ctx.response.redirect().toRoute('password.confirm')
    }
    return next()
  }
}
