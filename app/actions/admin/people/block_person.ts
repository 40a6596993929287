import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import type User from '#models/user'
import UserPolicy from '#policies/user_policy'
import { blockUser, unblockUser } from '#actions/admin/user_blocks'
import { audit } from '#services/audit'
import {
  lastAdmin,
  signedOutSentence,
  type PersonActionOutcome,
} from '#actions/admin/people/outcome'

/**
 * An administrator blocks an account (Profile/UserEdit and
 * `POST /api/v1/admin/people/:id/block`): UserPolicy `block` (never
 * oneself, never the last active admin), a reason the person reads at
 * sign-in, an optional last day (the block ends at its close), every
 * session, token and socket ended at once; audited.
 */
export default class BlockPerson {
  async handle(
    ctx: Pick<HttpContext, 'auth' | 'request' | 'bouncer'>,
    person: User,
    input: { reason: string; until?: Date | null }
  ): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('block', person)
    const end = input.until ? DateTime.fromJSDate(input.until).endOf('day') : null
    const blocked = await blockUser(person, {
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

/** Lifts an administrator's block (UserPolicy `block`); an account that is not blocked: 409. */
export class UnblockPerson {
  async handle(
    ctx: Pick<HttpContext, 'auth' | 'request' | 'bouncer'>,
    person: User
  ): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('block', person)
    if (person.isActive) {
      return { done: false, status: 409, message: `${person.fullName} is not blocked.` }
    }
    const reason = person.blockedReason
    await unblockUser(person)
    await audit(ctx, 'user.unblock', { type: 'user', id: person.id }, { reason })
    return {
      done: true,
      sessions: 0,
      message: `${person.fullName} is unblocked and may sign in again.`,
    }
  }
}
