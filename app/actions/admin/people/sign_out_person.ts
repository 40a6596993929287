import type User from '#models/user'
import UserPolicy from '#policies/user_policy'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { audit } from '#services/audit'
import {
  signedOutSentence,
  type PersonActionContext,
  type PersonActionOutcome,
} from '#services/people/person_outcomes'

/**
 * Signs out every session, remember-me token and websocket of someone
 * else's account, on every node (UserPolicy `signOut`: not one's own, the
 * profile page does that); audited.
 */
export default class SignOutPerson {
  async handle(ctx: PersonActionContext, person: User): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('signOut', person)
    const sessions = await new RevokeSessions().handle({ userId: person.id })
    await audit(ctx, 'user.sign_out', { type: 'user', id: person.id }, { sessions })
    return { done: true, sessions, message: signedOutSentence(sessions) }
  }
}
