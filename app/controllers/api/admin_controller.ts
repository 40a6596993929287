import type { HttpContext } from '@adonisjs/core/http'
import DecideModerationQueue from '#actions/admin/moderation/decide_queue'
import { bulkModerationValidator } from '#validators/admin_post'
import { pendingPostsPage } from '#queries/admin/admin_posts'
import { pendingPostsCount } from '#queries/admin/moderation_counts'
import { apiPost } from '#transformers/api/post_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendPage, sendRead } from '#services/api/responses'
import { apiPageValidator, apiReportsValidator } from '#validators/api'
import { reportDecisionValidator } from '#validators/admin_post'
import ReportPolicy from '#policies/report_policy'
import {
  normaliseReportTab,
  parseReportTarget,
  reportGroup,
  reportGroupsPage,
  reportTabCounts,
} from '#queries/admin/reports'
import DecideReportGroup from '#actions/admin/moderation/decide_report_group'
import { apiReportGroup, apiReportGroupDetail } from '#transformers/api/report_transformer'

/**
 * The back office through the public API (issue 14): a token with the
 * `admin` scope of an admin account (apiAuth checks both). The moderation
 * queue and its decisions (ModerationController), the reports queue and its
 * decisions (ReportsController), by the web app's own queries, validators,
 * actions, policies and audit.
 */
export default class ApiAdminController {
  /** The posts waiting for review, oldest first, as on PostModerations/Index. */
  async moderationQueue(ctx: HttpContext) {
    const admin = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await pendingPostsPage(admin, cursor)
    return sendPage(ctx, page.posts.map(apiPost), page.nextCursor, {
      pendingCount: await pendingPostsCount(),
    })
  }

  /**
   * Approves or rejects posts of the queue at once (`ids`, `decision`, a
   * `reason` to reject): all or nothing if one is not there; those decided
   * meanwhile by someone else are skipped and listed.
   */
  async decide(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(bulkModerationValidator)
    const outcome = await new DecideModerationQueue().handle(ctx, input)
    if (!outcome.done) throw new ApiProblem(404, outcome.message)
    const { decided, skipped } = outcome
    return ctx.response.json({
      decided: decided.map((post) => String(post.id)),
      skipped: skipped.map(String),
    })
  }

  /** Reported targets of one tab (open, resolved, dismissed), newest report first, as Reports/Index. */
  async reports(ctx: HttpContext) {
    await ctx.bouncer.with(ReportPolicy).authorize('viewAny')
    const admin = ctx.auth.getUserOrFail()
    const { status, cursor } = await ctx.request.validateUsing(apiReportsValidator, {
      data: ctx.request.qs(),
    })
    const tab = normaliseReportTab(status)
    const [page, counts] = await Promise.all([
      reportGroupsPage(admin, tab, cursor),
      reportTabCounts(),
    ])
    return sendPage(ctx, page.groups.map(apiReportGroup), page.nextCursor, { status: tab, counts })
  }

  /** One reported target with every report about it, as Reports/Show. */
  async report(ctx: HttpContext) {
    await ctx.bouncer.with(ReportPolicy).authorize('viewAny')
    const admin = ctx.auth.getUserOrFail()
    const target = reportTargetOf(ctx)
    const group = await reportGroup(admin, target.type, target.id)
    if (!group) throw new ApiProblem(404, 'Nobody reported this.')
    return sendRead(ctx, apiReportGroupDetail(group))
  }

  /**
   * Reviews, dismisses or resolves every open report of a target (resolve:
   * optionally removing the post or blocking the account), as the Decide
   * form of Reports/Show: the same action, policies and audit.
   */
  async decideReports(ctx: HttpContext) {
    await ctx.bouncer.with(ReportPolicy).authorize('decide')
    const target = reportTargetOf(ctx)
    const input = await ctx.request.validateUsing(reportDecisionValidator)
    const outcome = await new DecideReportGroup().handle(ctx, target, input)
    if (!outcome.done) {
      const status = outcome.reason === 'not_found' ? 404 : 'field' in outcome ? 422 : 409
      throw new ApiProblem(status, outcome.message)
    }
    return ctx.response.json({
      decision: outcome.decision,
      action: outcome.action,
      reports: outcome.reports,
      message: outcome.message,
    })
  }
}

function reportTargetOf(ctx: HttpContext) {
  const target = parseReportTarget(ctx.params)
  if (!target) throw new ApiProblem(404, 'There is no such endpoint in this API.')
  return target
}
