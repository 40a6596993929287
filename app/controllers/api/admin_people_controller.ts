import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import UserPolicy from '#policies/user_policy'
import {
  findPerson,
  listPeople,
  normalisePeopleFilters,
  parsePeopleCursor,
  peopleCounts,
} from '#queries/admin/people'
import { apiAdminPeopleValidator } from '#validators/api'
import { blockUserValidator, changeRoleValidator } from '#validators/admin_people'
import { rejectExternalValidator } from '#validators/admin'
import ChangePersonRole from '#actions/admin/people/change_person_role'
import BlockPerson from '#actions/admin/people/block_person'
import UnblockPerson from '#actions/admin/people/unblock_person'
import SignOutPerson from '#actions/admin/people/sign_out_person'
import DecideRegistration from '#actions/admin/people/decide_registration'
import type { PersonActionOutcome } from '#services/people/person_outcomes'
import { apiAdminPerson } from '#transformers/api/admin_person_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendPage, sendRead } from '#services/api/responses'

/**
 * Admin → People through the public API (issue 14): a token with the
 * `admin` scope of an admin account (apiAuth checks both). The list and
 * one account by the back office's own queries; role changes, blocks,
 * sign-outs and registration decisions by the very actions the admin
 * pages use (app/actions/admin/people: UserPolicy, audit, the sentences).
 * Not here: the password reset (its temporary password is handed over by
 * a person, from the page) and creating administrators (an invitation).
 */
export default class ApiAdminPeopleController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(UserPolicy).authorize('viewList')
    const input = await ctx.request.validateUsing(apiAdminPeopleValidator, {
      data: ctx.request.qs(),
    })
    const filters = normalisePeopleFilters({ ...input, role: 'all' })
    const cursor = parsePeopleCursor(input.cursor, filters.sort)
    const scope = input.role === 'admin' ? 'admins' : input.role ? 'people' : 'everyone'
    if (input.role === 'member' || input.role === 'external') filters.role = input.role
    const [page, counts] = await Promise.all([listPeople(scope, filters, cursor), peopleCounts()])
    const { member, external, admin } = counts
    return sendPage(ctx, page.items.map(apiAdminPerson), page.nextCursor, {
      counts: { member, external, admin },
    })
  }

  async show(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    await ctx.bouncer.with(UserPolicy).authorize('manage', person)
    return sendRead(ctx, apiAdminPerson(person))
  }

  async updateRole(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    const { role } = await ctx.request.validateUsing(changeRoleValidator)
    return answer(ctx, person, await new ChangePersonRole().handle(ctx, person, role))
  }

  async block(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    const input = await ctx.request.validateUsing(blockUserValidator)
    return answer(ctx, person, await new BlockPerson().handle(ctx, person, input))
  }

  async unblock(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    return answer(ctx, person, await new UnblockPerson().handle(ctx, person))
  }

  async signOut(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    return answer(ctx, person, await new SignOutPerson().handle(ctx, person))
  }

  async approve(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    return answer(
      ctx,
      person,
      await new DecideRegistration().handle(ctx, person, { decision: 'approve' })
    )
  }

  async reject(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    const { reason } = await ctx.request.validateUsing(rejectExternalValidator)
    return answer(
      ctx,
      person,
      await new DecideRegistration().handle(ctx, person, { decision: 'reject', reason })
    )
  }
}

/** The account as it is now, what happened and how many sessions ended; or the problem. */
async function answer(ctx: HttpContext, person: User, outcome: PersonActionOutcome) {
  if (!outcome.done) throw new ApiProblem(outcome.status, outcome.message)
  const fresh = await User.findOrFail(person.id)
  return ctx.response.json({
    person: apiAdminPerson(fresh),
    signedOut: outcome.sessions,
    message: outcome.message,
  })
}
