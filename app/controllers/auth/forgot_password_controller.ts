import type { HttpContext } from '@adonisjs/core/http'
import { forgotPasswordValidator } from '#validators/auth'
import { getSettings } from '#services/settings'
import RequestPasswordReset from '#actions/auth/request_password_reset'
import { consume, RATE_LIMITS } from '#services/auth/rate_limits'

/** The same reply for every address, known or not (SECURITY.md T7). */
export const RESET_LINK_SENT =
  'If an account uses this e-mail address, a link to reset the password is on its way. It works once, for 1 hour.'

export default class ForgotPasswordController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/ForgotPassword', {})
  }

  async store({ request, response, session }: HttpContext) {
    await consume(RATE_LIMITS.forgotPasswordIp, request.ip())
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await consume(RATE_LIMITS.forgotPasswordEmail, email)

    const { teamName } = await getSettings()
    await new RequestPasswordReset().handle(email, teamName)
    session.flash('success', RESET_LINK_SENT)
    return response.redirect().toRoute('password.forgot')
  }
}
