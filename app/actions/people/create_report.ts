import Report from '#models/report'
import type User from '#models/user'
import { REPORTS_PER_DAY, type ReportReason, type ReportSubject } from '#enums/report_reason'
import { consume, type RateLimit } from '#services/auth/rate_limits'
import ReportCreated from '#events/report_created'
import { DuplicateReport } from '#exceptions/duplicate_report'
import { isUniqueViolation } from '#services/db/errors'

/** Reports per person per day (PRODUCT §8), counted when one is stored. */
const REPORTS_LIMIT: RateLimit = {
  name: 'reports',
  requests: REPORTS_PER_DAY,
  duration: '24 hours',
  message: () =>
    `You can send at most ${REPORTS_PER_DAY} reports a day. Thank you for helping; try again tomorrow.`,
}

/**
 * Stores a pending report (checked by the caller: the subject exists, is
 * visible to the reporter and is not the reporter's own). One per reporter
 * and subject: a second one throws DuplicateReport and stores nothing. The
 * daily limit throws E_TOO_MANY_REQUESTS (429) before anything is stored.
 */
export default class CreateReport {
  async handle(
    reporter: Pick<User, 'id'>,
    input: { type: ReportSubject; id: number; reason: ReportReason; details?: string | null }
  ) {
    const existing = await Report.query()
      .where('reporter_id', reporter.id)
      .where('subject_type', input.type)
      .where('subject_id', input.id)
      .first()
    if (existing) throw new DuplicateReport()

    await consume(REPORTS_LIMIT, String(reporter.id))
    let report: Report
    try {
      report = await Report.create({
        reporterId: reporter.id,
        subjectType: input.type,
        subjectId: input.id,
        reason: input.reason,
        details: input.details ? input.details : null,
        status: 'pending',
        notes: null,
      })
    } catch (error) {
      // Two identical reports at the same moment: the unique index keeps one.
      if (isUniqueViolation(error)) throw new DuplicateReport()
      throw error
    }
    await ReportCreated.dispatch({ reportId: report.id })
    return report
  }
}
