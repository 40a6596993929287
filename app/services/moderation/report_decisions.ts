import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import Report, { OPEN_REPORT_STATUSES } from '#models/report'
import type { ReportSubject } from '#enums/report_reason'
import { lockRowsForChange } from '#services/db/row_lock'

/**
 * Decisions on the open reports of one target (a post or a person), from
 * Reports/Show (issue 19 §2). Every open report of the target is decided at
 * once (several reports of one target are one decision):
 * - review: pending → reviewed (someone is looking at it), with notes
 *   (ReviewReports);
 * - resolve: → resolved, optionally removing the post or blocking the
 *   account first; each reporter is told (`report:resolved`; ResolveReports);
 * - dismiss: → dismissed (nothing wrong), with notes; reporters are not told
 *   (DismissReports).
 * The report rows change in one transaction, conditional on still being
 * open, so two admins deciding at once cannot both decide.
 */
export type ReportTarget = { subjectType: ReportSubject; subjectId: number }
export type ResolveAction = 'remove_post' | 'block_account' | 'none'

/** What each reporter is told when their report is resolved. */
export const RESOLVE_OUTCOMES: Record<ResolveAction, Record<ReportSubject, string>> = {
  remove_post: { post: 'The post was removed.', user: 'The post was removed.' },
  block_account: {
    post: 'The account that posted it was blocked.',
    user: 'The account was blocked.',
  },
  none: {
    post: 'An admin reviewed it and took the necessary steps.',
    user: 'An admin reviewed it and took the necessary steps.',
  },
}

/** The reports of one target (every status: the caller narrows it). */
export function targetReports(target: ReportTarget, client?: TransactionClientContract) {
  return Report.query(client ? { client } : undefined)
    .where('subject_type', target.subjectType)
    .where('subject_id', target.subjectId)
}

/**
 * Open → `status` for every open report of the target, in one transaction
 * (locked on PG, so two admins deciding at once cannot both decide).
 * Returns the reports decided: none when someone else decided first.
 */
export async function closeOpenReports(
  moderator: Pick<User, 'id'>,
  target: ReportTarget,
  status: 'resolved' | 'dismissed',
  notes: string | null
) {
  return db.transaction(async (trx) => {
    const query = targetReports(target, trx).whereIn('status', OPEN_REPORT_STATUSES).orderBy('id')
    lockRowsForChange(query)
    const rows = await query
    if (rows.length === 0) return []
    const now = DateTime.now()
    for (const row of rows) {
      row.status = status
      row.moderatorId = moderator.id
      row.decidedAt = now
      if (notes !== null) row.notes = notes
      row.useTransaction(trx)
      await row.save()
    }
    return rows
  })
}
