import type Post from '#models/post'
import type User from '#models/user'
import DeletePost from '#actions/posts/delete_post'
import BlockAccount from '#actions/admin/people/block_account'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import ReportResolved from '#events/report_resolved'
import {
  closeOpenReports,
  RESOLVE_OUTCOMES,
  type ReportTarget,
  type ResolveAction,
} from '#services/moderation/report_decisions'

/**
 * Open → resolved, after the chosen action: the reported post deleted
 * (DeletePost: soft delete, shares and counters follow) or the account
 * blocked (deactivated and signed out everywhere at once: RevokeSessions
 * closes its sessions, remember-me tokens and sockets). The action runs
 * first: if it fails nothing is resolved and the admin can try again.
 */
export default class ResolveReports {
  async handle(
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
    const decided = await closeOpenReports(moderator, target, 'resolved', notes)
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
}
