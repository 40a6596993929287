import type { HttpContext } from '@adonisjs/core/http'
import ReportPolicy from '#policies/report_policy'
import type { ReportSubject } from '#enums/report_reason'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { reportDecisionValidator } from '#validators/admin_post'
import {
  normaliseReportTab,
  parseReportTarget,
  reportGroup,
  reportGroupsPage,
  reportTabCounts,
} from '#queries/admin/reports'
import DecideReportGroup from '#actions/admin/moderation/decide_report_group'
import ReportGroupTransformer from '#transformers/admin/report_group_transformer'

/**
 * The reports queue (issue 19 §2): Reports/Index lists reported targets
 * (a post or a person, several reports of one target grouped) by status
 * tab; Reports/Show shows one target with every report about it and
 * decides them: review (pending → reviewed), resolve (optionally removing
 * the post or blocking the account; reporters are told), dismiss. Admins
 * only (route middleware + ReportPolicy); the target is :type/:id.
 */
export default class ReportsController {
  async index({ auth, request, inertia, bouncer }: HttpContext) {
    await bouncer.with(ReportPolicy).authorize('viewAny')
    const admin = auth.getUserOrFail()
    const status = normaliseReportTab(request.input('status'))
    const [page, counts] = await Promise.all([
      reportGroupsPage(admin, status, request.input('cursor')),
      reportTabCounts(),
    ])
    return inertia.render('Reports/Index', {
      status,
      counts,
      groups: ReportGroupTransformer.transform(page.groups),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  async show({ auth, params, inertia, bouncer }: HttpContext) {
    await bouncer.with(ReportPolicy).authorize('viewAny')
    const admin = auth.getUserOrFail()
    const { type, id } = target(params)
    const group = await reportGroup(admin, type, id)
    if (!group) throw new E_NOT_FOUND()
    return inertia.render('Reports/Show', {
      group: ReportGroupTransformer.transform(group).useVariant('forShow'),
    })
  }

  async decide(ctx: HttpContext) {
    const { params, request, response, session, bouncer } = ctx
    await bouncer.with(ReportPolicy).authorize('decide')
    const { type, id } = target(params)
    const input = await request.validateUsing(reportDecisionValidator)
    const outcome = await new DecideReportGroup().handle(ctx, { type, id }, input)
    if (!outcome.done && outcome.reason === 'not_found') throw new E_NOT_FOUND()
    if (outcome.done) session.flash('success', outcome.message)
    else if ('field' in outcome) session.flashErrors({ [outcome.field]: outcome.message })
    else session.flash('error', outcome.message)
    return response.redirect().toRoute('admin.reports.show', { type, id })
  }
}

/** :type is post or user, :id a positive number (anything else is a 404). */
function target(params: Record<string, string>): { type: ReportSubject; id: number } {
  const parsed = parseReportTarget(params)
  if (!parsed) throw new E_NOT_FOUND()
  return parsed
}
