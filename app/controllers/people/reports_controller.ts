import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { createReportValidator } from '#validators/people'
import CreateReport from '#actions/people/create_report'
import { DuplicateReport } from '#exceptions/duplicate_report'
import {
  checkReportSubject,
  duplicateReportMessage,
  REPORT_SENT_MESSAGE,
} from '#services/people/report_subject'
import { wantsJson } from '#services/http/requests'

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

    const check = await checkReportSubject(reporter, input)
    if (!check.ok) {
      if (check.status === 404) throw new E_NOT_FOUND()
      return this.refuse(ctx, 422, check.message)
    }

    let report
    try {
      report = await new CreateReport().handle(reporter, input)
    } catch (error) {
      if (!(error instanceof DuplicateReport)) throw error
      return this.refuse(ctx, 409, duplicateReportMessage(input.type, check.what))
    }

    const message = REPORT_SENT_MESSAGE
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
