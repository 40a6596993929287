import type { HttpContext } from '@adonisjs/core/http'
import { registerValidator } from '#validators/auth'
import { getSettings } from '#services/settings'
import { findValidInvitation } from '#services/invitations'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'
import RegisterUser, { type RegistrationOutcome } from '#actions/auth/register_user'
import { consume, RATE_LIMITS } from '#services/auth/rate_limits'

const CLOSED_MESSAGE =
  'Registration is closed. Ask a team administrator to create an account for you.'
const INVITE_REQUIRED =
  'Registration is by invitation only. Use the link from your invitation e-mail.'
const INVITE_INVALID =
  'This invitation link is invalid, has expired or was already used. Ask for a new invitation.'

export default class RegisterController {
  /**
   * The registration form, shaped by the registration mode; in the
   * invite-only mode (or with any invitation link) `?invite=TOKEN`.
   */
  async create({ inertia, request }: HttpContext) {
    const settings = await getSettings()
    const token = String(request.qs().invite ?? '')
    const invitation =
      token && settings.registrationMode !== 'closed' ? await findValidInvitation(token) : null
    return inertia.render('Auth/Register', {
      mode: settings.registrationMode,
      teamDomains: settings.teamDomains,
      invitation: invitation ? { token, email: invitation.email } : null,
      invitationError:
        token && !invitation && settings.registrationMode !== 'closed' ? INVITE_INVALID : null,
    })
  }

  async store({ request, response, session }: HttpContext) {
    const settings = await getSettings()
    if (settings.registrationMode === 'closed') throw new E_FORBIDDEN(CLOSED_MESSAGE)
    const ip = request.ip()
    await consume(RATE_LIMITS.registerAttempts, ip)

    const token = String(request.input('invite') ?? '').trim()
    const invitation = token ? await findValidInvitation(token) : null
    if (!invitation && (token || settings.registrationMode === 'invite_only')) {
      session.flashErrors({ invite: token ? INVITE_INVALID : INVITE_REQUIRED })
      return response.redirect().back()
    }

    const data = await request.validateUsing(registerValidator, {
      meta: {
        teamOnly: settings.registrationMode === 'team_domain' && !invitation,
        teamDomains: settings.teamDomains,
      },
    })
    if (invitation && data.email !== invitation.email) {
      session.flashErrors({
        email: `Use the address this invitation was sent to (${invitation.email}).`,
      })
      return response.redirect().back()
    }

    await consume(RATE_LIMITS.signUps, ip)
    const result = await new RegisterUser().handle({ ...data, invitation, settings })
    if (!result.ok) {
      session.flashErrors({ [result.field]: result.message })
      return response.redirect().back()
    }

    session.put('registration', result.outcome)
    if (result.outcome.verificationRequired) session.put('verify_user_id', result.userId)
    return response.redirect().toRoute('register.success')
  }

  /** The next step for the new account: verify the address, wait for approval, or sign in. */
  async success({ inertia, response, session }: HttpContext) {
    const outcome = session.get('registration') as RegistrationOutcome | undefined
    if (!outcome) return response.redirect().toRoute('register.create')
    return inertia.render('Users/RegisterSuccess', {
      role: outcome.role,
      email: outcome.email,
      verificationRequired: outcome.verificationRequired,
      approvalRequired: outcome.approvalRequired,
    })
  }
}
