import type { HttpContext } from '@adonisjs/core/http'
import UserPolicy from '#policies/user_policy'
import { audit } from '#services/audit'
import { passwordRecentlyConfirmed } from '#services/password_confirmation'
import {
  listPeople,
  normalisePeopleFilters,
  parsePeopleCursor,
  peopleCounts,
  findPerson,
} from '#queries/admin/people'
import { personDetail } from '#queries/admin/person'
import PersonTransformer from '#transformers/admin/person_transformer'
import PersonPostTransformer from '#transformers/admin/person_post_transformer'
import PersonCommentTransformer from '#transformers/admin/person_comment_transformer'
import PersonReportTransformer from '#transformers/admin/person_report_transformer'
import PersonAuditTransformer from '#transformers/admin/person_audit_transformer'
import {
  adminUpdateUserValidator,
  blockUserValidator,
  changeRoleValidator,
} from '#validators/admin_people'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import ChangePersonRole from '#actions/admin/people/change_person_role'
import BlockPerson from '#actions/admin/people/block_person'
import UnblockPerson from '#actions/admin/people/unblock_person'
import SignOutPerson from '#actions/admin/people/sign_out_person'
import ResetPersonPassword from '#actions/admin/people/reset_person_password'
import { signedOutSentence, type PersonActionOutcome } from '#services/people/person_outcomes'
import type User from '#models/user'

/**
 * People (PRODUCT §9): Users/UserList (members and externals),
 * Users/AdminList, Profile/Index (one account) and Profile/UserEdit (edit,
 * role, password reset, block, sign out). Admins only (route middleware);
 * every change goes through UserPolicy and is written to the audit log.
 * Role changes, blocks and password resets need a recent password
 * confirmation (the `passwordConfirmed` route middleware).
 */
export default class PeopleController {
  async index(ctx: HttpContext) {
    return this.list(ctx, 'people')
  }

  async admins(ctx: HttpContext) {
    return this.list(ctx, 'admins')
  }

  private async list({ request, inertia, bouncer }: HttpContext, scope: 'people' | 'admins') {
    await bouncer.with(UserPolicy).authorize('viewList')
    const qs = request.qs()
    const filters = normalisePeopleFilters(qs)
    if (scope === 'admins') filters.role = 'all'
    const cursor = parsePeopleCursor(qs.cursor, filters.sort)
    const [page, counts] = await Promise.all([listPeople(scope, filters, cursor), peopleCounts()])
    const props = {
      filters,
      counts,
      people: PersonTransformer.transform(page.items),
      nextCursor: page.nextCursor,
      paged: cursor !== null,
    }
    return scope === 'admins'
      ? inertia.render('Users/AdminList', props)
      : inertia.render('Users/UserList', props)
  }

  /** Profile/Index: one account as an administrator sees it. */
  async show({ params, inertia, bouncer, auth }: HttpContext) {
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('manage', person)
    const detail = await personDetail(person)
    return inertia.render('Profile/Index', {
      person: PersonTransformer.transform(person).useVariant('forDetail'),
      posts: PersonPostTransformer.transform(detail.posts),
      comments: PersonCommentTransformer.transform(detail.comments),
      reportsBy: PersonReportTransformer.transform(detail.reportsBy),
      reportsAgainst: PersonReportTransformer.transform(detail.reportsAgainst),
      audit: PersonAuditTransformer.transform(detail.audit),
      sessions: detail.sessions,
      self: auth.getUserOrFail().id === person.id,
    })
  }

  /** Profile/UserEdit. */
  async edit({ params, inertia, bouncer, auth, session }: HttpContext) {
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('manage', person)
    const policy = bouncer.with(UserPolicy)
    const actor = auth.getUserOrFail()
    const otherRole = person.role === 'admin' ? 'member' : 'admin'
    return inertia.render('Profile/UserEdit', {
      person: PersonTransformer.transform(person).useVariant('forDetail'),
      editCan: {
        changeRole: await policy.allows('updateRole', person, otherRole),
        block: await policy.allows('block', person),
        resetPassword: await policy.allows('resetPassword', person),
        signOut: await policy.allows('signOut', person),
      },
      self: actor.id === person.id,
      passwordConfirmed: passwordRecentlyConfirmed(session),
      temporaryPassword:
        (session.flashMessages.get('temporaryPassword') as string | undefined) ?? null,
      sessions: (await RevokeSessions.countOthers(person.id, '')) ?? null,
    })
  }

  /** Name, username and e-mail. */
  async update(ctx: HttpContext) {
    const { params, request, response, session, bouncer } = ctx
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('manage', person)
    const data = await request.validateUsing(adminUpdateUserValidator, {
      meta: { userId: person.id },
    })
    const before = { fullName: person.fullName, username: person.username, email: person.email }
    person.merge(data)
    const changed = Object.keys(person.$dirty)
    await person.save()
    if (changed.length > 0) {
      await audit(
        ctx,
        'user.update',
        { type: 'user', id: person.id },
        {
          changed,
          before: Object.fromEntries(
            changed.map((key) => [key, before[key as keyof typeof before]])
          ),
        }
      )
    }
    session.flash(
      'success',
      changed.length ? `${person.fullName}'s account is saved.` : 'Nothing was changed.'
    )
    return response.redirect().toRoute('admin.users.edit', { id: person.id })
  }

  async updateRole(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    const { role } = await ctx.request.validateUsing(changeRoleValidator)
    return this.answer(ctx, person, await new ChangePersonRole().handle(ctx, person, role))
  }

  async resetPassword(ctx: HttpContext) {
    const { params, response, session, bouncer } = ctx
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('manage', person)
    await bouncer.with(UserPolicy).authorize('resetPassword', person)
    const { temporary, sessions } = await new ResetPersonPassword().handle(person)
    await audit(ctx, 'user.password_reset', { type: 'user', id: person.id }, { sessions })
    session.flash('temporaryPassword', temporary)
    session.flash(
      'success',
      `${person.fullName}'s password is reset: they must choose a new one at their next sign-in. ${signedOutSentence(sessions)}`
    )
    return response.redirect().toRoute('admin.users.edit', { id: person.id })
  }

  async block(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    await ctx.bouncer.with(UserPolicy).authorize('manage', person)
    await ctx.bouncer.with(UserPolicy).authorize('block', person)
    const input = await ctx.request.validateUsing(blockUserValidator)
    return this.answer(ctx, person, await new BlockPerson().handle(ctx, person, input))
  }

  async unblock(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    return this.answer(ctx, person, await new UnblockPerson().handle(ctx, person))
  }

  /** Signs out every session, remember-me token and websocket of the account. */
  async signOut(ctx: HttpContext) {
    const person = await findPerson(ctx.params.id)
    return this.answer(ctx, person, await new SignOutPerson().handle(ctx, person))
  }

  /** Back to Profile/UserEdit with what happened (or why nothing did). */
  private answer({ response, session }: HttpContext, person: User, outcome: PersonActionOutcome) {
    session.flash(outcome.done ? 'success' : 'error', outcome.message)
    return response.redirect().toRoute('admin.users.edit', { id: person.id })
  }
}
