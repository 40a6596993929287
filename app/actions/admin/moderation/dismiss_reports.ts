import type User from '#models/user'
import ModerationQueueChanged from '#events/moderation_queue_changed'
import { closeOpenReports, type ReportTarget } from '#services/moderation/report_decisions'

/**
 * A target's open reports → dismissed (nothing wrong), with the
 * moderator's notes; the reporters are not told. Returns the dismissed
 * reports (none when another admin decided first).
 */
export default class DismissReports {
  async handle(moderator: Pick<User, 'id'>, target: ReportTarget, notes: string | null) {
    const decided = await closeOpenReports(moderator, target, 'dismissed', notes)
    if (decided.length > 0) await ModerationQueueChanged.dispatch({ reason: 'report:dismissed' })
    return decided
  }
}
