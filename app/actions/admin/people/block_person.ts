import { DateTime } from 'luxon'
import type User from '#models/user'
import UserPolicy from '#policies/user_policy'
import BlockAccount from '#actions/admin/people/block_account'
import { audit } from '#services/audit'
import {
  lastAdmin,
  signedOutSentence,
  type PersonActionContext,
  type PersonActionOutcome,
} from '#services/people/person_outcomes'

/**
 * An administrator blocks an account (Profile/UserEdit and
 * `POST /api/v1/admin/people/:id/block`): UserPolicy `block` (never
 * oneself, never the last active admin), a reason the person reads at
 * sign-in, an optional last day (the block ends at its close), every
 * session, token and socket ended at once; audited.
 */
export default class BlockPerson {
  async handle(
    ctx: PersonActionContext,
    person: User,
    input: { reason: string; until?: Date | null }
  ): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('block', person)
    const end = input.until ? DateTime.fromJSDate(input.until).endOf('day') : null
    const blocked = await new BlockAccount().handle(person, {
      reason: input.reason,
      until: end,
      by: ctx.auth.getUserOrFail(),
    })
    if (!blocked) return lastAdmin(person)
    const { sessions } = blocked
    await audit(
      ctx,
      'user.block',
      { type: 'user', id: person.id },
      { reason: input.reason, until: end?.toISO() ?? null, sessions }
    )
    return {
      done: true,
      sessions,
      message: `${person.fullName} is blocked${end ? ` until ${end.toISODate()}` : ''}. ${signedOutSentence(sessions)}`,
    }
  }
}
