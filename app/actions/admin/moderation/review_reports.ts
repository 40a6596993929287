import type User from '#models/user'
import { dbNow } from '#services/db/db_time'
import ModerationQueueChanged from '#events/moderation_queue_changed'
import { targetReports, type ReportTarget } from '#services/moderation/report_decisions'

/**
 * A target's pending reports → reviewed (someone is looking at it), with
 * the moderator's notes (Reports/Show). Returns how many reports changed.
 */
export default class ReviewReports {
  async handle(moderator: Pick<User, 'id'>, target: ReportTarget, notes: string | null) {
    const changed = await targetReports(target).where('status', 'pending').update({
      status: 'reviewed',
      notes: notes,
      moderator_id: moderator.id,
      updated_at: dbNow(),
    })
    const count = Number(Array.isArray(changed) ? changed[0] : changed)
    if (count > 0) await ModerationQueueChanged.dispatch({ reason: 'report:reviewed' })
    return count
  }
}
