import { BaseTransformer } from '@adonisjs/core/transformers'
import { REPORT_REASON_LABELS } from '#enums/report_reason'
import type { ReportGroupRecord, ReportRecord } from '#queries/admin/reports'
import ReportGroupTransformer from '#transformers/admin/report_group_transformer'
import { apiPerson } from '#transformers/api/person_transformer'
import { apiPost } from '#transformers/api/post_transformer'

const iso = (value: { toISO(): string | null } | null | undefined) => (value ? value.toISO() : null)

/**
 * One report as the public API shows it to admins (issue 14): the reason
 * (code and the app's label), the reporter's details, status, notes and
 * who decided; people as `Person` (never an e-mail address).
 */
export default class ApiReportTransformer extends BaseTransformer<ReportRecord> {
  toObject() {
    const { report, reporter, moderator } = this.resource
    return {
      id: String(report.id),
      reason: report.reason,
      reasonLabel: REPORT_REASON_LABELS[report.reason] ?? report.reason,
      details: report.details,
      status: report.status,
      notes: report.notes,
      createdAt: iso(report.createdAt),
      decidedAt: iso(report.decidedAt),
      reporter: apiPerson(reporter),
      moderator: apiPerson(moderator),
    }
  }
}

/**
 * A reported target, as a line of Admin → Reports: the back office's own
 * summary (ReportGroupTransformer: state, excerpt, reasons with counts, the
 * group's status, what the admin may decide now) with ids as strings, the
 * post as `Post` (null when it is gone; `hiddenPost` then says what it
 * said), the person, and the latest report.
 */
export function apiReportGroup(group: ReportGroupRecord) {
  const summary = new ReportGroupTransformer(group).forShow()
  return {
    subjectType: summary.subjectType,
    subjectId: String(summary.subjectId),
    targetState: summary.targetState,
    excerpt: summary.excerpt,
    status: summary.status,
    reportCount: summary.reportCount,
    reasons: summary.reasons,
    latestAt: summary.latestAt,
    latest: group.reports[0] ? new ApiReportTransformer(group.reports[0]).toObject() : null,
    post: group.post ? apiPost(group.post) : null,
    hiddenPost: group.hiddenPost
      ? {
          id: String(group.hiddenPost.id),
          excerpt: group.hiddenPost.excerpt,
          deleted: group.hiddenPost.deleted,
        }
      : null,
    person: apiPerson(group.person),
    actions: summary.actions,
  }
}

/** One target with every report about it, as Reports/Show. */
export function apiReportGroupDetail(group: ReportGroupRecord) {
  return {
    group: apiReportGroup(group),
    reports: group.reports.map((record) => new ApiReportTransformer(record).toObject()),
  }
}
