import { BaseTransformer } from '@adonisjs/core/transformers'
import { REPORT_REASON_LABELS } from '#enums/report_reason'
import type { ReportRecord } from '#queries/admin/reports'
import UserTransformer from '#transformers/user_transformer'

/**
 * One report as the admins' reports queue shows it (`Data.Admin.Report`):
 * reason (code and label), the reporter's details, status, the moderator's
 * notes and who decided. People by name and username only (admins reach
 * e-mail addresses from the people pages).
 */
export default class ReportTransformer extends BaseTransformer<ReportRecord> {
  toObject() {
    const { report, reporter, moderator } = this.resource
    return {
      id: report.id,
      reason: report.reason,
      reasonLabel: REPORT_REASON_LABELS[report.reason] ?? report.reason,
      details: report.details,
      status: report.status,
      notes: report.notes,
      createdAt: report.createdAt.toISO(),
      decidedAt: report.decidedAt?.toISO() ?? null,
      reporter: reporter ? new UserTransformer(reporter).toObject() : null,
      moderator: moderator ? new UserTransformer(moderator).toObject() : null,
    }
  }
}
