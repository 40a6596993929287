import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { accountBlockReason, BLOCK_MESSAGES, landingRoute } from '#services/account_state'
import { audit } from '#services/audit'
import ReactivateAccount from '#actions/auth/reactivate_account'

export default class ReactivateController {
  /**
   * Cancels a pending deletion and signs the owner in. Only possible right
   * after a sign-in with the correct password for that account, which left
   * its id in the session (SessionController).
   */
  async store(ctx: HttpContext) {
    const { auth, response, session } = ctx
    const id = Number(session.pull('reactivate_user_id'))
    const user = Number.isInteger(id) && id > 0 ? await User.find(id) : null
    if (!user || user.deletedAt || !user.deletionRequestedAt) {
      session.flash(
        'error',
        'Sign in with your e-mail address and password first to reactivate your account.'
      )
      return response.redirect().toRoute('session.create')
    }

    await new ReactivateAccount().handle(user)
    const reason = accountBlockReason(user)
    if (reason) {
      session.flashErrors({
        uid: `Your account is no longer scheduled for deletion. ${BLOCK_MESSAGES[reason]}`,
      })
      if (reason === 'unverified') session.put('verify_user_id', user.id)
      return response.redirect().toRoute('session.create')
    }

    await auth.use('web').login(user)
    await session.tag(String(user.id))
    user.lastLoginAt = DateTime.now()
    await user.save()
    await audit(ctx, 'account.reactivated', { type: 'user', id: user.id })

    session.flash('success', 'Welcome back! Your account has been reactivated.')
    if (user.mustChangePassword) return response.redirect().toRoute('password.change')
    return response.redirect().toRoute(landingRoute(user))
  }
}
