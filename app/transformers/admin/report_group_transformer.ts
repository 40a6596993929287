import { BaseTransformer } from '@adonisjs/core/transformers'
import { OPEN_REPORT_STATUSES, type ReportStatus } from '#models/report'
import { REPORT_REASON_LABELS, type ReportReason } from '#enums/report_reason'
import type { Viewer } from '#queries/feeds/visible_posts'
import type { ReportGroupRecord } from '#queries/admin/reports'
import PostTransformer from '#transformers/post_transformer'
import UserTransformer from '#transformers/user_transformer'
import ReportTransformer from '#transformers/admin/report_transformer'

const ADMIN: Viewer = { id: 0, role: 'admin' }
const EXCERPT_LENGTH = 160

/**
 * A reported target with its reports (`Data.Admin.ReportGroup`): on
 * Reports/Index (`toObject`: a summary line per target) and Reports/Show
 * (`forShow`: the post as members see it, every report, and what the admin
 * may do, decided here).
 */
export default class ReportGroupTransformer extends BaseTransformer<ReportGroupRecord> {
  toObject() {
    const group = this.resource
    const reports = group.reports
    const reasons = new Map<ReportReason, number>()
    for (const { report } of reports)
      reasons.set(report.reason, (reasons.get(report.reason) ?? 0) + 1)
    const text = group.post ? group.post.bodyText : group.hiddenPost ? group.hiddenPost.excerpt : ''
    const flat = text.replace(/\s+/g, ' ').trim()
    return {
      key: `${group.subjectType}-${group.subjectId}`,
      subjectType: group.subjectType,
      subjectId: group.subjectId,
      /** What the target is now: visible, removed (post deleted or hidden), or a blocked account. */
      targetState: targetState(group),
      excerpt: flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat,
      person: group.person ? new UserTransformer(group.person).forAdmin() : null,
      reportCount: reports.length,
      reasons: [...reasons.entries()].map(([reason, count]) => ({
        reason,
        label: REPORT_REASON_LABELS[reason] ?? reason,
        count,
      })),
      status: groupStatus(reports.map((r) => r.report.status)),
      latestAt: reports[0]?.report.createdAt.toISO() ?? null,
      latest: reports[0] ? new ReportTransformer(reports[0]).toObject() : null,
    }
  }

  forShow() {
    const group = this.resource
    const open = group.reports.some((r) => OPEN_REPORT_STATUSES.includes(r.report.status))
    const person = group.person
    return {
      ...this.toObject(),
      post: group.post ? new PostTransformer(group.post, ADMIN).toObject() : null,
      hiddenPost: group.hiddenPost,
      reports: group.reports.map((record) => new ReportTransformer(record).toObject()),
      actions: {
        review: group.reports.some((r) => r.report.status === 'pending'),
        removePost: open && group.subjectType === 'post' && group.post !== null,
        blockAccount: open && !!person && person.role !== 'admin' && person.isActive,
        resolve: open,
        dismiss: open,
      },
    }
  }
}

function targetState(group: ReportGroupRecord): 'visible' | 'removed' | 'blocked' {
  if (group.person && !group.person.isActive) return 'blocked'
  if (group.subjectType === 'post' && !group.post) return 'removed'
  return 'visible'
}

/** The group's status: open when any report still waits, else the latest decision. */
function groupStatus(statuses: ReportStatus[]): ReportStatus {
  if (statuses.includes('pending')) return 'pending'
  if (statuses.includes('reviewed')) return 'reviewed'
  return statuses[0] ?? 'pending'
}
