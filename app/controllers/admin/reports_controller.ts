import type { HttpContext } from '@adonisjs/core/http'
import Post from '#models/post'
import User from '#models/user'
import ReportPolicy from '#policies/report_policy'
import PostPolicy from '#policies/post_policy'
import { REPORT_SUBJECTS, type ReportSubject } from '#enums/report_reason'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { reportDecisionValidator } from '#validators/admin_post'
import {
  normaliseReportTab,
  reportGroup,
  reportGroupsPage,
  reportTabCounts,
} from '#queries/admin/reports'
import {
  dismissReports,
  resolveReports,
  reviewReports,
  type ResolveAction,
} from '#actions/admin/moderation/decide_reports'
import ReportGroupTransformer from '#transformers/admin/report_group_transformer'
import { audit } from '#services/audit'

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
    const { auth, params, request, response, session, bouncer } = ctx
    await bouncer.with(ReportPolicy).authorize('decide')
    const admin = auth.getUserOrFail()
    const { type, id } = target(params)
    const input = await request.validateUsing(reportDecisionValidator)
    const notes = input.notes ? input.notes : null
    const subject = { subjectType: type, subjectId: id }

    const group = await reportGroup(admin, type, id)
    if (!group) throw new E_NOT_FOUND()
    const back = () => response.redirect().toRoute('admin.reports.show', { type, id })

    if (input.decision === 'review') {
      const count = await reviewReports(admin, subject, notes)
      if (count === 0) {
        session.flash('error', 'No report of this target is waiting for review.')
        return back()
      }
      await audit(ctx, 'report.review', { type, id }, { reports: count, notes })
      session.flash('success', 'Marked as reviewed.')
      return back()
    }

    if (input.decision === 'dismiss') {
      const decided = await dismissReports(admin, subject, notes)
      if (decided.length === 0) return this.alreadyDecided(ctx, type, id)
      await audit(ctx, 'report.dismiss', { type, id }, { reports: decided.length, notes })
      session.flash('success', 'The reports are dismissed.')
      return back()
    }

    const action: ResolveAction = input.action ?? 'none'
    const post = type === 'post' ? await Post.find(id) : null
    const person = group.person ? await User.find(group.person.id) : null
    if (action === 'remove_post') {
      if (!post || post.deletedAt !== null) {
        session.flashErrors({
          action: 'The reported post is already gone: resolve without an action.',
        })
        return back()
      }
      await bouncer.with(PostPolicy).authorize('delete', post)
    }
    if (action === 'block_account') {
      if (!person) {
        session.flashErrors({ action: 'There is no account to block.' })
        return back()
      }
      await bouncer.with(ReportPolicy).authorize('blockAccount', person)
    }
    const decided = await resolveReports(admin, subject, action, notes, { post, person })
    if (decided.length === 0) return this.alreadyDecided(ctx, type, id)
    if (action === 'remove_post' && post) {
      await audit(
        ctx,
        'post.delete',
        { type: 'post', id: post.id },
        { authorId: post.authorId, audience: post.audience, status: post.status, fromReports: true }
      )
    }
    if (action === 'block_account' && person) {
      await audit(ctx, 'user.block', { type: 'user', id: person.id }, { fromReports: true, notes })
    }
    await audit(ctx, 'report.resolve', { type, id }, { reports: decided.length, action, notes })
    session.flash('success', 'The reports are resolved; the people who reported were told.')
    return back()
  }

  private alreadyDecided({ response, session }: HttpContext, type: ReportSubject, id: number) {
    session.flash('error', 'These reports were already decided; nothing changed.')
    return response.redirect().toRoute('admin.reports.show', { type, id })
  }
}

/** :type is post or user, :id a positive number (anything else is a 404). */
function target(params: Record<string, string>): { type: ReportSubject; id: number } {
  const type = params.type as ReportSubject
  const id = Number(params.id)
  if (!REPORT_SUBJECTS.includes(type) || !Number.isSafeInteger(id) || id <= 0) {
    throw new E_NOT_FOUND()
  }
  return { type, id }
}
