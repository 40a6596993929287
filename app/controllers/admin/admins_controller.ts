import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import User from '#models/user'
import UserPolicy from '#policies/user_policy'
import { audit } from '#services/audit'
import PersonTransformer from '#transformers/admin/person_transformer'
import { adminUpdateUserValidator, createAdminValidator } from '#validators/admin_people'
import CreateAdmin from '#actions/admin/people/create_admin'
import { ADMIN_INVITE_TTL_DAYS } from '#services/auth/password_reset_tokens'

/** New administrators per administrator per hour (each one sends an e-mail). */
const ADMINS_PER_HOUR = 10

/**
 * Users/AdminForm: create an administrator (an invitation e-mail whose
 * link sets their password; creating one needs a recent password
 * confirmation) or edit one's name, username and e-mail.
 */
export default class AdminsController {
  async create({ inertia, bouncer }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('viewList')
    return inertia.render('Users/AdminForm', { admin: null, inviteDays: ADMIN_INVITE_TTL_DAYS })
  }

  async store(ctx: HttpContext) {
    const { request, response, session, bouncer, auth } = ctx
    await bouncer.with(UserPolicy).authorize('viewList')
    const actor = auth.getUserOrFail()
    const data = await request.validateUsing(createAdminValidator)
    try {
      await limiter
        .use({ requests: ADMINS_PER_HOUR, duration: '1 hour' })
        .consume(`admins:create:${actor.id}`)
    } catch (error) {
      if (!(error instanceof errors.E_TOO_MANY_REQUESTS)) throw error
      response.header('Retry-After', String(error.response.availableIn))
      session.flashExcept([])
      session.flashErrors({
        email: `You created ${ADMINS_PER_HOUR} administrators in the last hour. Try again later.`,
      })
      return response.redirect().back()
    }

    const { admin, mailed } = await new CreateAdmin().handle({ ...data, invitedBy: actor })
    await audit(ctx, 'admin.create', { type: 'user', id: admin.id }, { email: admin.email, mailed })
    if (mailed) {
      session.flash(
        'success',
        `${admin.fullName} is an administrator. The invitation to set a password was sent to ${admin.email} (valid ${ADMIN_INVITE_TTL_DAYS} days).`
      )
    } else {
      session.flash(
        'error',
        `${admin.fullName}'s account was created, but the invitation e-mail could not be sent. Check the mail settings, then reset their password from their account page.`
      )
    }
    return response.redirect().toRoute('admin.admins.index')
  }

  async edit({ params, inertia, bouncer }: HttpContext) {
    const admin = await User.query()
      .where('id', params.id)
      .where('role', 'admin')
      .whereNull('deleted_at')
      .firstOrFail()
    await bouncer.with(UserPolicy).authorize('manage', admin)
    return inertia.render('Users/AdminForm', {
      admin: PersonTransformer.transform(admin),
      inviteDays: ADMIN_INVITE_TTL_DAYS,
    })
  }

  async update(ctx: HttpContext) {
    const { params, request, response, session, bouncer } = ctx
    const admin = await User.query()
      .where('id', params.id)
      .where('role', 'admin')
      .whereNull('deleted_at')
      .firstOrFail()
    await bouncer.with(UserPolicy).authorize('manage', admin)
    const data = await request.validateUsing(adminUpdateUserValidator, {
      meta: { userId: admin.id },
    })
    admin.merge(data)
    const changed = Object.keys(admin.$dirty)
    await admin.save()
    if (changed.length) await audit(ctx, 'user.update', { type: 'user', id: admin.id }, { changed })
    session.flash(
      'success',
      changed.length ? `${admin.fullName} is saved.` : 'Nothing was changed.'
    )
    return response.redirect().toRoute('admin.admins.index')
  }
}
