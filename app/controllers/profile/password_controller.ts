import type { HttpContext } from '@adonisjs/core/http'
import UpdatePassword from '#actions/profile/update_password'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { checkCurrentPassword } from '#services/auth/check_current_password'
import { changePasswordValidator, passwordUserInputs } from '#validators/auth'
import { audit } from '#services/audit'

/**
 * Profile/Edit → UpdatePasswordForm: current password + new password (the
 * registration rule). Every other device is signed out.
 */
export default class PasswordController {
  async update(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { current_password: current, password } = await request.validateUsing(
      changePasswordValidator,
      {
        meta: { userInputs: passwordUserInputs(user) },
      }
    )

    const check = await checkCurrentPassword(user, current)
    if (!check.ok) {
      session.flashErrors({ current_password: check.message })
      return response.redirect().back()
    }

    const revoked = await new UpdatePassword().handle({
      user,
      password,
      keepSessionId: session.sessionId,
      keepRememberTokenId: RevokeSessions.currentRememberTokenId(ctx),
    })
    await audit(
      ctx,
      'profile.password_change',
      { type: 'user', id: user.id },
      { otherSessionsRevoked: revoked }
    )
    session.flash(
      'success',
      revoked > 0
        ? `Password updated. ${revoked === 1 ? 'One other device was' : `${revoked} other devices were`} signed out.`
        : 'Password updated.'
    )
    return response.redirect().toRoute('profile.edit')
  }
}
