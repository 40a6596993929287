import { DateTime } from 'luxon'
import User from '#models/user'
import type { HttpContext } from '@adonisjs/core/http'
import { loginValidator } from '#validators/auth'
import { accountBlockReason, blockMessage, landingRoute } from '#services/account_state'
import LiftExpiredBlock from '#actions/admin/people/lift_expired_block'
import { closeRealtimeSessions } from '#services/realtime/sessions'
import { clearLoginFailures, loginBlocked, recordLoginFailure } from '#services/login_throttle'

export default class SessionController {
  async create({ inertia, session }: HttpContext) {
    return inertia.render('Auth/Login', {
      reactivate: Boolean(session.get('reactivate_user_id')),
      canResendVerification: Boolean(session.get('verify_user_id')),
    })
  }

  async store(ctx: HttpContext) {
    const { request, response, session, auth, inertia } = ctx
    const { uid, password, remember } = await request.validateUsing(loginValidator)
    const ip = request.ip()
    session.forget('reactivate_user_id')
    session.forget('verify_user_id')

    const throttle = await loginBlocked(uid, ip)
    if (throttle.blocked) return this.lockedOut(ctx, throttle.retryAfter)

    let user: User
    try {
      user = await User.verifyCredentials(uid.toLowerCase(), password)
    } catch {
      const failure = await recordLoginFailure(uid, ip)
      if (failure.remaining === 0) return this.lockedOut(ctx, failure.retryAfter)
      const left = failure.remaining === 1 ? '1 attempt left' : `${failure.remaining} attempts left`
      session.flashExcept(['password'])
      session.flashErrors({ uid: `These credentials do not match our records. ${left}.` })
      return response.redirect().back()
    }

    await clearLoginFailures(uid, ip)
    await new LiftExpiredBlock().handle(user)
    const reason = accountBlockReason(user)
    if (reason) {
      if (reason === 'deletion_pending') session.put('reactivate_user_id', user.id)
      if (reason === 'unverified') session.put('verify_user_id', user.id)
      session.flashExcept(['password'])
      session.flashErrors({ uid: blockMessage(user, reason) })
      return response.redirect().back()
    }

    await auth.use('web').login(user, Boolean(remember))
    await session.tag(String(user.id))
    user.lastLoginAt = DateTime.now()
    await user.save()

    if (user.mustChangePassword) return response.redirect().toRoute('password.change')
    const intended = session.pull('intended_url') as string | undefined
    if (intended && intended.startsWith('/') && !intended.startsWith('//')) {
      // The way back may be a file (/media/7?download=1), not a page: Inertia
      // must make it a full visit, or it would load the file as a page.
      if (inertia.requestInfo().isInertiaRequest) return inertia.location(intended)
      return response.redirect(intended)
    }
    return response.redirect().toRoute(landingRoute(user))
  }

  async destroy({ auth, response, session }: HttpContext) {
    if (auth.user) closeRealtimeSessions(auth.user.id, { only: session.sessionId })
    await auth.use('web').logout()
    session.flash('success', 'You have been signed out.')
    return response.redirect().toRoute('session.create')
  }

  private lockedOut({ session, response }: HttpContext, retryAfterSeconds: number) {
    const until = new Date(Date.now() + retryAfterSeconds * 1000)
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    session.flashExcept(['password'])
    session.flash('lockoutUntil', until.toISOString())
    session.flashErrors({
      uid: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${until.toISOString().slice(11, 16)} UTC).`,
    })
    response.header('Retry-After', String(retryAfterSeconds))
    return response.redirect().back()
  }
}
