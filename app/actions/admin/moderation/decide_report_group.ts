import type { HttpContext } from '@adonisjs/core/http'
import Post from '#models/post'
import User from '#models/user'
import ReportPolicy from '#policies/report_policy'
import PostPolicy from '#policies/post_policy'
import type { ReportSubject } from '#enums/report_reason'
import { reportGroup } from '#queries/admin/reports'
import ReviewReports from '#actions/admin/moderation/review_reports'
import DismissReports from '#actions/admin/moderation/dismiss_reports'
import ResolveReports from '#actions/admin/moderation/resolve_reports'
import type { ResolveAction } from '#services/moderation/report_decisions'
import { audit } from '#services/audit'

export interface ReportDecisionInput {
  decision: 'review' | 'resolve' | 'dismiss'
  action?: ResolveAction
  notes?: string | null
}

/** Why nothing changed: each with the sentence the admin reads. */
export type ReportDecisionRefusal =
  | { done: false; reason: 'not_found'; message: string }
  | { done: false; reason: 'nothing_to_review'; message: string }
  | { done: false; reason: 'already_decided'; message: string }
  | { done: false; reason: 'post_gone'; field: 'action'; message: string }
  | { done: false; reason: 'no_account'; field: 'action'; message: string }

export type ReportDecisionOutcome =
  | {
      done: true
      decision: ReportDecisionInput['decision']
      action: ResolveAction
      /** How many reports changed. */
      reports: number
      message: string
    }
  | ReportDecisionRefusal

/**
 * One decision on a reported target (a post or a person) and every open
 * report about it, for Admin → Reports and `POST /api/v1/admin/reports/…`
 * alike: review (pending → reviewed), dismiss, or resolve, optionally
 * removing the post (PostPolicy `delete`) or blocking the account
 * (ReportPolicy `blockAccount`); each audited. The caller has authorised
 * ReportPolicy `decide`; a refused sub-action throws the policy's refusal.
 */
export default class DecideReportGroup {
  async handle(
    ctx: Pick<HttpContext, 'auth' | 'request' | 'bouncer'>,
    target: { type: ReportSubject; id: number },
    input: ReportDecisionInput
  ): Promise<ReportDecisionOutcome> {
    const admin = ctx.auth.getUserOrFail()
    const { type, id } = target
    const notes = input.notes ? input.notes : null
    const subject = { subjectType: type, subjectId: id }

    const group = await reportGroup(admin, type, id)
    if (!group) return { done: false, reason: 'not_found', message: 'Nobody reported this.' }

    if (input.decision === 'review') {
      const count = await new ReviewReports().handle(admin, subject, notes)
      if (count === 0) {
        return {
          done: false,
          reason: 'nothing_to_review',
          message: 'No report of this target is waiting for review.',
        }
      }
      await audit(ctx, 'report.review', { type, id }, { reports: count, notes })
      return {
        done: true,
        decision: 'review',
        action: 'none',
        reports: count,
        message: 'Marked as reviewed.',
      }
    }

    if (input.decision === 'dismiss') {
      const decided = await new DismissReports().handle(admin, subject, notes)
      if (decided.length === 0) return alreadyDecided()
      await audit(ctx, 'report.dismiss', { type, id }, { reports: decided.length, notes })
      return {
        done: true,
        decision: 'dismiss',
        action: 'none',
        reports: decided.length,
        message: 'The reports are dismissed.',
      }
    }

    const action: ResolveAction = input.action ?? 'none'
    const post = type === 'post' ? await Post.find(id) : null
    const person = group.person ? await User.find(group.person.id) : null
    if (action === 'remove_post') {
      if (!post || post.deletedAt !== null) {
        return actionRefused(
          'post_gone',
          'The reported post is already gone: resolve without an action.'
        )
      }
      await ctx.bouncer.with(PostPolicy).authorize('delete', post)
    }
    if (action === 'block_account') {
      if (!person) return actionRefused('no_account', 'There is no account to block.')
      await ctx.bouncer.with(ReportPolicy).authorize('blockAccount', person)
    }
    const decided = await new ResolveReports().handle(admin, subject, action, notes, {
      post,
      person,
    })
    if (decided.length === 0) return alreadyDecided()
    if (action === 'remove_post' && post) {
      await audit(
        ctx,
        'post.delete',
        { type: 'post', id: post.id },
        { authorId: post.authorId, audience: post.audience, status: post.status, fromReports: true }
      )
    }
    if (action === 'block_account' && person) {
      await audit(ctx, 'user.block', { type: 'user', id: person.id }, { fromReports: true, notes })
    }
    await audit(ctx, 'report.resolve', { type, id }, { reports: decided.length, action, notes })
    return {
      done: true,
      decision: 'resolve',
      action,
      reports: decided.length,
      message: 'The reports are resolved; the people who reported were told.',
    }
  }
}

/** The chosen action cannot be taken: nothing changed (reported on the form's `action`). */
function actionRefused(reason: 'post_gone' | 'no_account', message: string): ReportDecisionRefusal {
  return { done: false, reason, field: 'action', message }
}

function alreadyDecided(): ReportDecisionRefusal {
  return {
    done: false,
    reason: 'already_decided',
    message: 'These reports were already decided; nothing changed.',
  }
}
