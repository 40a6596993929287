import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import User from '#models/user'
import SettingsPolicy from '#policies/settings_policy'
import CreateInvitation from '#actions/admin/create_invitation'
import { createInvitationValidator } from '#validators/admin'
import { audit } from '#services/audit'

/** Invitations per administrator per hour (each one sends an e-mail). */
const INVITATIONS_PER_HOUR = 20

export default class InvitationsController {
  async store(ctx: HttpContext) {
    const { auth, request, response, session, bouncer } = ctx
    await bouncer.with(SettingsPolicy).authorize('update')
    const admin = auth.getUserOrFail()
    const { email } = await request.validateUsing(createInvitationValidator)

    if (await User.findBy('email', email)) {
      session.flashErrors({ email: 'An account with this e-mail address already exists.' })
      return response.redirect().back()
    }

    try {
      await limiter
        .use({ requests: INVITATIONS_PER_HOUR, duration: '1 hour' })
        .consume(`invitations:${admin.id}`)
    } catch (error) {
      if (!(error instanceof errors.E_TOO_MANY_REQUESTS)) throw error
      const minutes = Math.max(1, Math.ceil(error.response.availableIn / 60))
      response.header('Retry-After', String(error.response.availableIn))
      session.flashErrors({
        email: `You sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      })
      return response.redirect().back()
    }

    const { expiresAt, mailed } = await new CreateInvitation().handle({ email, invitedBy: admin })
    await audit(ctx, 'invitation.create', null, {
      email,
      expiresAt: expiresAt.toISOString(),
      mailed,
    })
    if (mailed) {
      session.flash('success', `Invitation sent to ${email}. The link works for 7 days.`)
    } else {
      session.flash(
        'error',
        `The invitation for ${email} was created, but the e-mail could not be sent. Check the mail settings and invite again.`
      )
    }
    return response.redirect().toRoute('settings.edit')
  }
}
