import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Post from '#models/post'
import type User from '#models/user'
import Report, { OPEN_REPORT_STATUSES } from '#models/report'
import type { ReportSubject } from '#enums/report_reason'
import DeletePost from '#actions/posts/delete_post'
import BlockAccount from '#actions/admin/people/block_account'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import ReportResolved from '#events/report_resolved'
import ModerationQueueChanged from '#events/moderation_queue_changed'
import { lockRowsForChange } from '#services/db/row_lock'

/**
 * Decisions on the open reports of one target (a post or a person), from
 * Reports/Show (issue 19 §2). Every open report of the target is decided at
 * once (several reports of one target are one decision):
 * - review: pending → reviewed (someone is looking at it), with notes;
 * - resolve: → resolved, optionally removing the post or blocking the
 *   account first; each reporter is told (`report:resolved`);
 * - dismiss: → dismissed (nothing wrong), with notes; reporters are not told.
 * The report rows change in one transaction, conditional on still being
 * open, so two admins deciding at once cannot both decide.
 */
export type ReportTarget = { subjectType: ReportSubject; subjectId: number }
export type ResolveAction = 'remove_post' | 'block_account' | 'none'

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

function openReports(target: ReportTarget, client?: TransactionClientContract) {
  return Report.query(client ? { client } : undefined)
    .where('subject_type', target.subjectType)
    .where('subject_id', target.subjectId)
}

/** pending → reviewed. Returns how many reports changed. */
export async function reviewReports(
  moderator: Pick<User, 'id'>,
  target: ReportTarget,
  notes: string | null
) {
  const changed = await openReports(target)
    .where('status', 'pending')
    .update({
      status: 'reviewed',
      notes: notes,
      moderator_id: moderator.id,
      updated_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
  const count = Number(Array.isArray(changed) ? changed[0] : changed)
  if (count > 0) await ModerationQueueChanged.dispatch({ reason: 'report:reviewed' })
  return count
}

/** Open → dismissed. Returns the dismissed reports. */
export async function dismissReports(
  moderator: Pick<User, 'id'>,
  target: ReportTarget,
  notes: string | null
) {
  const decided = await decide(moderator, target, 'dismissed', notes)
  if (decided.length > 0) await ModerationQueueChanged.dispatch({ reason: 'report:dismissed' })
  return decided
}

/**
 * Open → resolved, after the chosen action: the reported post deleted
 * (DeletePost: soft delete, shares and counters follow) or the account
 * blocked (deactivated and signed out everywhere at once: RevokeSessions
 * closes its sessions, remember-me tokens and sockets). The action runs
 * first: if it fails nothing is resolved and the admin can try again.
 */
export async function resolveReports(
  moderator: Pick<User, 'id'>,
  target: ReportTarget,
  action: ResolveAction,
  notes: string | null,
  subjects: { post: Post | null; person: User | null }
) {
  if (action === 'remove_post' && subjects.post && subjects.post.deletedAt === null) {
    await new DeletePost().handle(subjects.post)
  }
  if (action === 'block_account' && subjects.person) {
    // The same block as Profile/UserEdit's, the moderator's notes as its reason.
    if (subjects.person.isActive) {
      await new BlockAccount().handle(subjects.person, {
        reason: notes ?? 'Blocked after reports by members.',
        until: null,
        by: moderator,
      })
    } else {
      await new RevokeSessions().handle({ userId: subjects.person.id })
    }
  }
  const decided = await decide(moderator, target, 'resolved', notes)
  const outcome = RESOLVE_OUTCOMES[action][target.subjectType]
  for (const report of decided) {
    await ReportResolved.dispatch({
      reportId: report.id,
      reporterId: report.reporterId,
      resolverId: moderator.id,
      outcome,
    })
  }
  return decided
}

async function decide(
  moderator: Pick<User, 'id'>,
  target: ReportTarget,
  status: 'resolved' | 'dismissed',
  notes: string | null
) {
  return db.transaction(async (trx) => {
    const query = openReports(target, trx).whereIn('status', OPEN_REPORT_STATUSES).orderBy('id')
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
