import User from '#models/user'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { accountVisibleTo } from '#queries/people/profiles'
import { blockState } from '#queries/people/blocked_pair'
import type { ReportSubject } from '#enums/report_reason'

/**
 * What may be reported (PRODUCT §8), for the web form and the API alike: a
 * post or a person the reporter may see (else "not found", revealing
 * nothing), never their own post nor themselves (refused), never someone
 * who blocked them (not found). `what` names the subject in messages.
 */
export type ReportSubjectCheck =
  | { ok: true; what: string }
  | { ok: false; status: 404 }
  | { ok: false; status: 422; message: string }

export async function checkReportSubject(
  reporter: User,
  input: { type: ReportSubject; id: number }
): Promise<ReportSubjectCheck> {
  if (input.type === 'post') {
    const post = await findVisiblePost(reporter, input.id)
    if (!post) return { ok: false, status: 404 }
    if (post.authorId === reporter.id) {
      return { ok: false, status: 422, message: 'You cannot report your own post.' }
    }
    return { ok: true, what: 'post' }
  }
  const user = await User.find(input.id)
  if (!user || !accountVisibleTo(reporter, user)) return { ok: false, status: 404 }
  if (user.id === reporter.id) {
    return { ok: false, status: 422, message: 'You cannot report yourself.' }
  }
  const blocks = await blockState(reporter.id, user.id)
  if (blocks.blockedViewer) return { ok: false, status: 404 }
  return { ok: true, what: user.fullName }
}

/** The answer to a second report of the same subject (409). */
export function duplicateReportMessage(type: ReportSubject, what: string) {
  return type === 'post'
    ? 'You already reported this post. The administrators will review it.'
    : `You already reported ${what}. The administrators will review it.`
}

export const REPORT_SENT_MESSAGE =
  'Thank you. Your report was sent to the administrators, who will review it. The person is not told who reported them.'
