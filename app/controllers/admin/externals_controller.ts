import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import UserPolicy from '#policies/user_policy'
import ListExternals, { normaliseExternalFilters } from '#actions/admin/list_externals'
import ApproveExternal from '#actions/admin/approve_external'
import RejectExternal from '#actions/admin/reject_external'
import { rejectExternalValidator } from '#validators/admin'
import UserTransformer from '#transformers/user_transformer'
import { audit } from '#services/audit'

/**
 * Users/PublicUserList: external registrations to approve or reject
 * (PRODUCT §9). Admins only (route middleware); each decision also goes
 * through UserPolicy.approve, which accepts pending externals only.
 */
export default class ExternalsController {
  async index({ request, inertia }: HttpContext) {
    const filters = normaliseExternalFilters(request.qs())
    const list = new ListExternals()
    const paginator = await list.handle({ ...filters, baseUrl: urlFor('users.public') })
    return inertia.render('Users/PublicUserList', {
      filters,
      counts: await list.counts(),
      externals: paginator.all().map((user) => new UserTransformer(user).forAdmin()),
      pagination: {
        total: paginator.total,
        perPage: paginator.perPage,
        currentPage: paginator.currentPage,
        lastPage: paginator.lastPage,
        firstPageUrl: paginator.getUrl(1),
        previousPageUrl: paginator.getPreviousPageUrl(),
        nextPageUrl: paginator.getNextPageUrl(),
      },
    })
  }

  async approve(ctx: HttpContext) {
    const { params, bouncer, response, session } = ctx
    const target = await User.findOrFail(params.id)
    if (await bouncer.with(UserPolicy).denies('approve', target)) {
      session.flash('error', this.notPendingMessage(target))
      return response.redirect().back()
    }

    const { approved, mailed } = await new ApproveExternal().handle(target)
    if (!approved) {
      session.flash('error', 'Another administrator decided on this registration in the meantime.')
      return response.redirect().back()
    }
    await audit(
      ctx,
      'user.approve',
      { type: 'user', id: target.id },
      { email: target.email, mailed }
    )
    session.flash(
      'success',
      `${target.fullName} is approved${mailed ? ' and was notified by e-mail' : ', but the notification e-mail could not be sent'}.`
    )
    return response.redirect().back()
  }

  async reject(ctx: HttpContext) {
    const { params, bouncer, request, response, session } = ctx
    const target = await User.findOrFail(params.id)
    if (await bouncer.with(UserPolicy).denies('approve', target)) {
      session.flash('error', this.notPendingMessage(target))
      return response.redirect().back()
    }
    const { reason } = await request.validateUsing(rejectExternalValidator)

    const { rejected, mailed } = await new RejectExternal().handle(target, reason ?? null)
    if (!rejected) {
      session.flash('error', 'Another administrator decided on this registration in the meantime.')
      return response.redirect().back()
    }
    await audit(
      ctx,
      'user.reject',
      { type: 'user', id: target.id },
      { email: target.email, reason: reason ?? null, mailed }
    )
    session.flash(
      'success',
      `${target.fullName}'s registration is rejected${mailed ? ' and they were notified by e-mail' : ', but the notification e-mail could not be sent'}.`
    )
    return response.redirect().back()
  }

  private notPendingMessage(target: User) {
    if (target.role !== 'external')
      return `${target.fullName} is not an external account: there is nothing to approve.`
    if (target.deletedAt) return 'This account was deleted.'
    return `${target.fullName}'s registration was already ${target.approvalStatus}. Nothing was changed.`
  }
}
