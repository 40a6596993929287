import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import { externalCounts, listExternals, normaliseExternalFilters } from '#queries/admin/externals'
import DecideRegistration from '#actions/admin/people/decide_registration'
import { rejectExternalValidator } from '#validators/admin'
import UserTransformer from '#transformers/user_transformer'

/**
 * Users/PublicUserList: external registrations to approve or reject
 * (PRODUCT §9). Admins only (route middleware); each decision also goes
 * through UserPolicy.approve, which accepts pending externals only.
 */
export default class ExternalsController {
  async index({ request, inertia }: HttpContext) {
    const filters = normaliseExternalFilters(request.qs())
    const paginator = await listExternals({ ...filters, baseUrl: urlFor('users.public') })
    return inertia.render('Users/PublicUserList', {
      filters,
      counts: await externalCounts(),
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
    const target = await User.findOrFail(ctx.params.id)
    const outcome = await new DecideRegistration().handle(ctx, target, { decision: 'approve' })
    ctx.session.flash(outcome.done ? 'success' : 'error', outcome.message)
    return ctx.response.redirect().back()
  }

  async reject(ctx: HttpContext) {
    const target = await User.findOrFail(ctx.params.id)
    const { reason } = await ctx.request.validateUsing(rejectExternalValidator)
    const outcome = await new DecideRegistration().handle(ctx, target, {
      decision: 'reject',
      reason,
    })
    ctx.session.flash(outcome.done ? 'success' : 'error', outcome.message)
    return ctx.response.redirect().back()
  }
}
