import type { HttpContext } from '@adonisjs/core/http'
import { passwordUserInputs, resetPasswordValidator } from '#validators/auth'
import { findUsableResetToken } from '#services/auth/password_reset_tokens'
import ResetPassword from '#actions/auth/reset_password'
import { consume, RATE_LIMITS } from '#services/auth/rate_limits'

const INVALID_LINK =
  'This password reset link is invalid, has expired or was already used. Request a new one.'

export default class ResetPasswordController {
  /** The new-password form, or a clear error when the link cannot be used. */
  async show({ inertia, params, request }: HttpContext) {
    const token = String(params.token ?? '')
    const reset = await findUsableResetToken(token)
    const email = String(request.qs().email ?? '').slice(0, 254)
    return inertia.render('Auth/ResetPassword', {
      token,
      email,
      linkError: reset ? null : INVALID_LINK,
    })
  }

  async update({ request, response, session }: HttpContext) {
    await consume(RATE_LIMITS.resetPassword, request.ip())
    const reset = await findUsableResetToken(String(request.input('token') ?? ''))
    const data = await request.validateUsing(resetPasswordValidator, {
      meta: { userInputs: reset ? passwordUserInputs(reset.user) : [] },
    })

    if (!reset) {
      session.flashErrors({ token: INVALID_LINK })
      return response.redirect().back()
    }
    if (data.email !== reset.user.email) {
      session.flashErrors({ email: 'This is not the e-mail address the reset link was sent to.' })
      return response.redirect().back()
    }
    if (!(await new ResetPassword().handle(reset, data.password))) {
      session.flashErrors({ token: INVALID_LINK })
      return response.redirect().back()
    }

    session.flash(
      'success',
      'Your password has been reset and you were signed out everywhere. Sign in with the new password.'
    )
    return response.redirect().toRoute('session.create')
  }
}
