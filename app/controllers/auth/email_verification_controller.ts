import MemberJoined from '#events/member_joined'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { landingRoute } from '#services/account_state'
import { getSettings } from '#services/settings'
import {
  markEmailVerified,
  sendVerificationEmail,
  verificationLinkProblem,
} from '#services/email_verification'
import { consume, RATE_LIMITS } from '#services/auth/rate_limits'

const LINK_MESSAGES = {
  invalid:
    'This verification link is invalid or has expired. Links work for 24 hours: request a new one.',
  stale_address:
    'This verification link was sent to an address that is no longer on the account. Use the link from the latest e-mail.',
} as const

export default class EmailVerificationController {
  /**
   * "Check your inbox" with a resend button, for a signed-in unverified user
   * or a guest whose session remembers the account.
   */
  async notice(ctx: HttpContext) {
    const { auth, inertia, response, session } = ctx
    const user = await this.subject(ctx)
    if (auth.user && auth.user.emailVerifiedAt) {
      session.flash('success', 'Your e-mail address is already verified.')
      return response.redirect().toRoute(landingRoute(auth.user))
    }
    return inertia.render('Auth/VerifyEmail', {
      email: user?.email ?? null,
      canResend: Boolean(user),
      linkError: null,
    })
  }

  /**
   * Resends the link. Guests get the same reply whether the account still
   * needs verifying or not (the session may come from a registration with
   * an address that already had an account).
   */
  async resend(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = await this.subject(ctx)
    if (!user) {
      session.flash(
        'error',
        'Sign in with your e-mail address and password to request a new verification link.'
      )
      return response.redirect().toRoute('session.create')
    }
    if (auth.user && user.emailVerifiedAt) {
      session.flash('success', 'Your e-mail address is already verified.')
      return response.redirect().toRoute(landingRoute(auth.user))
    }

    await consume(RATE_LIMITS.verificationResend, `${user.id}:${request.ip()}`)
    if (!user.emailVerifiedAt && !user.deletedAt) {
      const { teamName } = await getSettings()
      await sendVerificationEmail(user, teamName)
    }
    session.flash(
      'success',
      `A new verification link is on its way to ${user.email}. It works for 24 hours.`
    )
    return response.redirect().toRoute('verification.notice')
  }

  /**
   * The signed link from the e-mail: verifies the address it was sent to
   * and sends the person to sign in. It never signs anyone in.
   */
  async verify({ auth, inertia, params, request, response, session }: HttpContext) {
    const user = await User.find(params.id)
    const problem = user && !user.deletedAt ? verificationLinkProblem(request, user) : 'invalid'
    if (problem || !user) {
      response.status(403)
      return inertia.render('Auth/VerifyEmail', {
        email: null,
        canResend: false,
        linkError: LINK_MESSAGES[problem ?? 'invalid'],
      })
    }

    const changed = await markEmailVerified(user)
    // A first verification that makes the account usable: a new member (webhooks).
    if (changed) await MemberJoined.dispatch({ userId: user.id })
    if (session.get('verify_user_id') === user.id) session.forget('verify_user_id')
    const message = !changed
      ? 'Your e-mail address was already verified.'
      : user.approvalStatus === 'pending'
        ? 'Your e-mail address is verified. A team administrator still needs to approve your account; you will get an e-mail once that is done.'
        : 'Your e-mail address is verified. You can now sign in.'
    session.flash('success', message)
    if (auth.user) return response.redirect().toRoute(landingRoute(auth.user))
    return response.redirect().toRoute('session.create')
  }

  /** The account the notice is about: the signed-in user, else the one remembered in the session. */
  private async subject({ auth, session }: HttpContext) {
    if (auth.user) return auth.user
    const id = Number(session.get('verify_user_id'))
    if (!Number.isInteger(id) || id <= 0) return null
    return User.find(id)
  }
}
