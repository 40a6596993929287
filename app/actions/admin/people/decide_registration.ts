import type User from '#models/user'
import UserPolicy from '#policies/user_policy'
import ApproveExternal from '#actions/admin/approve_external'
import RejectExternal from '#actions/admin/reject_external'
import { audit } from '#services/audit'
import type { PersonActionContext, PersonActionOutcome } from '#services/people/person_outcomes'

/**
 * Approves or rejects an external registration (Users/PublicUserList and
 * `POST /api/v1/admin/people/:id/approve|reject`): only a pending external
 * account (UserPolicy `approve`), decided once even when two
 * administrators act at the same moment; the person is told by e-mail
 * (a rejection with its reason, when given); audited.
 */
export default class DecideRegistration {
  async handle(
    ctx: PersonActionContext,
    target: User,
    input: { decision: 'approve' | 'reject'; reason?: string | null }
  ): Promise<PersonActionOutcome> {
    if (await ctx.bouncer.with(UserPolicy).denies('approve', target)) {
      return { done: false, status: 409, message: notPending(target) }
    }
    const meanwhile = 'Another administrator decided on this registration in the meantime.'
    if (input.decision === 'approve') {
      const { approved, mailed } = await new ApproveExternal().handle(target)
      if (!approved) return { done: false, status: 409, message: meanwhile }
      await audit(
        ctx,
        'user.approve',
        { type: 'user', id: target.id },
        { email: target.email, mailed }
      )
      return {
        done: true,
        sessions: 0,
        message: `${target.fullName} is approved${mailed ? ' and was notified by e-mail' : ', but the notification e-mail could not be sent'}.`,
      }
    }
    const reason = input.reason ?? null
    const { rejected, mailed } = await new RejectExternal().handle(target, reason)
    if (!rejected) return { done: false, status: 409, message: meanwhile }
    await audit(
      ctx,
      'user.reject',
      { type: 'user', id: target.id },
      { email: target.email, reason, mailed }
    )
    return {
      done: true,
      sessions: 0,
      message: `${target.fullName}'s registration is rejected${mailed ? ' and they were notified by e-mail' : ', but the notification e-mail could not be sent'}.`,
    }
  }
}

function notPending(target: User) {
  if (target.role !== 'external')
    return `${target.fullName} is not an external account: there is nothing to approve.`
  if (target.deletedAt) return 'This account was deleted.'
  return `${target.fullName}'s registration was already ${target.approvalStatus}. Nothing was changed.`
}
