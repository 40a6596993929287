import type { HttpContext } from '@adonisjs/core/http'
import { changePasswordValidator, passwordUserInputs } from '#validators/auth'
import { landingRoute } from '#services/account_state'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import ChangePassword from '#actions/auth/change_password'
import {
  clearFailures,
  ensureAttemptsLeft,
  recordFailure,
  RATE_LIMITS,
} from '#services/auth/rate_limits'

export default class ChangePasswordController {
  /** Reachable while a forced change is pending (auth with allowPasswordChange). */
  async show({ auth, inertia }: HttpContext) {
    return inertia.render('Homepage/ChangePassword', {
      forced: Boolean(auth.getUserOrFail().mustChangePassword),
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const key = String(user.id)
    await ensureAttemptsLeft(RATE_LIMITS.changePassword, key)
    const data = await request.validateUsing(changePasswordValidator, {
      meta: { userInputs: passwordUserInputs(user) },
    })

    if (!(await user.verifyPassword(data.current_password))) {
      const { remaining, wait } = await recordFailure(RATE_LIMITS.changePassword, key)
      session.flashErrors({
        current_password:
          remaining > 0
            ? `The current password is incorrect. ${remaining === 1 ? '1 attempt' : `${remaining} attempts`} left.`
            : `The current password is incorrect. Too many wrong passwords: try again in ${wait}.`,
      })
      return response.redirect().back()
    }
    // The validator already refused a new password equal to the (now
    // verified) current one.
    await clearFailures(RATE_LIMITS.changePassword, key)

    await new ChangePassword().handle(
      user,
      data.password,
      session.sessionId,
      RevokeSessions.currentRememberTokenId(ctx)
    )
    session.flash('success', 'Your password has been changed. Other devices were signed out.')
    return response.redirect().toRoute(landingRoute(user))
  }
}
