import type User from '#models/user'
import type { Role } from '#enums/role'
import UserPolicy from '#policies/user_policy'
import ChangeRole from '#actions/admin/people/change_role'
import { audit } from '#services/audit'
import {
  lastAdmin,
  roleArticle,
  signedOutSentence,
  type PersonActionContext,
  type PersonActionOutcome,
} from '#services/people/person_outcomes'

/**
 * An administrator changes an account's role (Profile/UserEdit and
 * `PUT /api/v1/admin/people/:id/role`): UserPolicy `updateRole` (never
 * one's own role, never the last active admin), the account signed out
 * everywhere so its next page has the new role, audited. The same role
 * again changes nothing.
 */
export default class ChangePersonRole {
  async handle(ctx: PersonActionContext, person: User, role: Role): Promise<PersonActionOutcome> {
    const policy = ctx.bouncer.with(UserPolicy)
    await policy.authorize('manage', person)
    await policy.authorize('updateRole', person, role)
    if (role === person.role) {
      return {
        done: true,
        sessions: 0,
        message: `${person.fullName} already is ${roleArticle(role)} ${role}.`,
      }
    }
    const from = person.role
    const sessions = await new ChangeRole().handle(person, role)
    if (sessions === null) return lastAdmin(person)
    await audit(ctx, 'user.role', { type: 'user', id: person.id }, { from, to: role, sessions })
    return {
      done: true,
      sessions,
      message: `${person.fullName} is now ${roleArticle(role)} ${role}. ${signedOutSentence(sessions)}`,
    }
  }
}
