import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import User from '#models/user'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { accountVisibleTo, blockState } from '#queries/people/profiles'
import { createReportValidator } from '#validators/people'
import { createReport, DuplicateReport } from '#actions/people/create_report'
import { wantsJson } from '#controllers/engagement/responses'

/**
 * POST /reports (PRODUCT §8): a post or a person, a reason from the fixed
 * list (app/enums/report_reason.ts) and optional details. The subject
 * must be visible to the reporter (else 404) and not their own (422); one
 * report per subject (409); at most REPORTS_PER_DAY a day (429). Stored
 * as pending for the administrators' review.
 */
export default class ReportsController {
  async store(ctx: HttpContext) {
    const reporter = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(createReportValidator)

    let what: string
    if (input.type === 'post') {
      const post = await findVisiblePost(reporter, input.id)
      if (!post) throw new E_NOT_FOUND()
      if (post.authorId === reporter.id) {
        return this.refuse(ctx, 422, 'You cannot report your own post.')
      }
      what = 'post'
    } else {
      const user = await User.find(input.id)
      if (!user || !accountVisibleTo(reporter, user)) throw new E_NOT_FOUND()
      if (user.id === reporter.id) return this.refuse(ctx, 422, 'You cannot report yourself.')
      const blocks = await blockState(reporter.id, user.id)
      if (blocks.blockedViewer) throw new E_NOT_FOUND()
      what = user.fullName
    }

    let report
    try {
      report = await createReport(reporter, input)
    } catch (error) {
      if (!(error instanceof DuplicateReport)) throw error
      return this.refuse(
        ctx,
        409,
        input.type === 'post'
          ? 'You already reported this post. The administrators will review it.'
          : `You already reported ${what}. The administrators will review it.`
      )
    }

    const message =
      'Thank you. Your report was sent to the administrators, who will review it. The person is not told who reported them.'
    if (wantsJson(ctx)) return ctx.response.status(201).json({ id: report.id, message })
    ctx.session.flash('success', message)
    return ctx.response.redirect().back()
  }

  private refuse(ctx: HttpContext, status: number, message: string) {
    if (wantsJson(ctx)) return ctx.response.status(status).json({ errors: [{ message }] })
    // Shown in the Report dialog (error bag "report"), not as a toast.
    ctx.session.flashErrors({ report: message })
    return ctx.response.redirect().back()
  }
}
