import type { HttpContext } from '@adonisjs/core/http'
import { confirmPasswordValidator } from '#validators/auth'
import { landingRoute } from '#services/account_state'
import { markPasswordConfirmed } from '#services/password_confirmation'
import {
  clearFailures,
  ensureAttemptsLeft,
  recordFailure,
  RATE_LIMITS,
} from '#services/auth/rate_limits'

/**
 * A same-site path to go back to: a relative path ("/x", not "//x") or an
 * absolute URL on this host (the Referer the middleware stored), else null.
 */
export function safeLocalPath(value: unknown, host: string | null) {
  if (typeof value !== 'string' || !value) return null
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value
  try {
    const url = new URL(value)
    if (host && url.host === host && (url.protocol === 'http:' || url.protocol === 'https:')) {
      return `${url.pathname}${url.search}`
    }
  } catch {}
  return null
}

export default class ConfirmPasswordController {
  async show({ inertia }: HttpContext) {
    return inertia.render('Auth/ConfirmPassword', {})
  }

  /**
   * Checks the password (5 wrong tries per 15 minutes per user), remembers
   * the confirmation for a while, and goes back to the action that asked.
   */
  async store({ auth, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const key = String(user.id)
    await ensureAttemptsLeft(RATE_LIMITS.confirmPassword, key)
    const { password } = await request.validateUsing(confirmPasswordValidator)

    if (!(await user.verifyPassword(password))) {
      const { remaining, wait } = await recordFailure(RATE_LIMITS.confirmPassword, key)
      session.flashErrors({
        password:
          remaining > 0
            ? `The password is incorrect. ${remaining === 1 ? '1 attempt' : `${remaining} attempts`} left.`
            : `The password is incorrect. Too many wrong passwords: try again in ${wait}.`,
      })
      return response.redirect().back()
    }

    await clearFailures(RATE_LIMITS.confirmPassword, key)
    markPasswordConfirmed(session)
    const intended = safeLocalPath(session.pull('confirm_intended_url'), request.host())
    if (intended) return response.redirect(intended)
    return response.redirect().toRoute(landingRoute(user))
  }
}
