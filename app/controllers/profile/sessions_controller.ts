import type { HttpContext } from '@adonisjs/core/http'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { checkCurrentPassword } from '#services/auth/check_current_password'
import { currentPasswordValidator } from '#validators/profile'
import { audit } from '#services/audit'

/**
 * "Sign out other devices" (Profile/Edit): every session of this user but
 * the current one, and their remember-me tokens.
 */
export default class SessionsController {
  async destroyOthers(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { current_password: current } = await request.validateUsing(currentPasswordValidator)

    const check = await checkCurrentPassword(user, current)
    if (!check.ok) {
      session.flashErrors({ current_password: check.message })
      return response.redirect().back()
    }

    const revoked = await new RevokeSessions().handle({
      userId: user.id,
      keepSessionId: session.sessionId,
      keepRememberTokenId: RevokeSessions.currentRememberTokenId(ctx),
      // API tokens are not devices: they have their own page (Profile/Tokens).
      keepAccessTokens: true,
    })
    await audit(
      ctx,
      'profile.sessions_revoke',
      { type: 'user', id: user.id },
      { sessions: revoked }
    )
    session.flash(
      'success',
      revoked === 0
        ? 'No other device was signed in. This one stays signed in.'
        : `Signed out of ${revoked === 1 ? 'one other device' : `${revoked} other devices`}. This one stays signed in.`
    )
    return response.redirect().toRoute('profile.edit')
  }
}
