import type User from '#models/user'
import UserPolicy from '#policies/user_policy'
import UnblockAccount from '#actions/admin/people/unblock_account'
import { audit } from '#services/audit'
import type { PersonActionContext, PersonActionOutcome } from '#services/people/person_outcomes'

/** Lifts an administrator's block (UserPolicy `block`); an account that is not blocked: 409. */
export default class UnblockPerson {
  async handle(ctx: PersonActionContext, person: User): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('block', person)
    if (person.isActive) {
      return { done: false, status: 409, message: `${person.fullName} is not blocked.` }
    }
    const reason = person.blockedReason
    await new UnblockAccount().handle(person)
    await audit(ctx, 'user.unblock', { type: 'user', id: person.id }, { reason })
    return {
      done: true,
      sessions: 0,
      message: `${person.fullName} is unblocked and may sign in again.`,
    }
  }
}
