import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import AccountRejectedNotification from '#mails/account_rejected_notification'
import { UserFactory } from '#database/factories/user_factory'
import { PEOPLE_PER_PAGE } from '#queries/admin/people'
import {
  admin,
  apiGroup,
  assertProblem,
  nothingWritten,
  snapshotTables,
  assertContract,
  expectStatus,
  member,
  tokenFor,
} from './_support.js'

/**
 * Admin → People through the public API (issue 14): the list and one
 * account, role changes, blocks, sign-outs and registration decisions, by
 * the admin pages' own actions (UserPolicy, audit, sentences). Each answer
 * is checked against the OpenAPI document; a refusal writes nothing.
 */

async function auditActions(actorId: number) {
  const rows = await db.from('audit_logs').where('actor_id', actorId).orderBy('id')
  return rows.map((row) => row.action as string)
}

test.group('API / admin: people', (group) => {
  apiGroup(group)
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('GET /admin/people: every role with e-mail and state, filtered, paged by cursor', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const alice = await UserFactory.merge({ fullName: 'Alice Zeta', username: 'alice_z' }).create()
    const blocked = await UserFactory.apply('inactive').create()
    const registration = await UserFactory.apply('pending').create()
    const { secret } = await tokenFor(moderator, ['admin'])

    const all = await client.get('/api/v1/admin/people').bearerToken(secret)
    expectStatus(all, 200)
    assertContract(assert, all, 'api.admin.people.index')
    const body = all.body()
    const ids = body.data.map((row: any) => row.id)
    for (const person of [moderator, alice, blocked, registration]) {
      assert.include(ids, String(person.id))
    }
    assert.deepEqual(
      ids,
      [...ids].sort((a: string, b: string) => Number(b) - Number(a))
    )
    assert.isAtLeast(body.counts.admin, 1)
    const row = body.data.find((entry: any) => entry.id === String(alice.id))
    assert.equal(row.email, alice.email)
    assert.equal(row.state, 'active')
    assert.equal(body.data.find((entry: any) => entry.id === String(blocked.id)).state, 'blocked')

    const admins = await client.get('/api/v1/admin/people?role=admin').bearerToken(secret)
    assert.deepEqual(
      admins.body().data.map((entry: any) => entry.role),
      admins.body().data.map(() => 'admin')
    )
    const pending = await client.get('/api/v1/admin/people?state=pending').bearerToken(secret)
    assert.deepEqual(
      pending.body().data.map((entry: any) => entry.id),
      [String(registration.id)]
    )
    const found = await client.get('/api/v1/admin/people?q=zeta&sort=name').bearerToken(secret)
    assert.deepEqual(
      found.body().data.map((entry: any) => entry.username),
      ['alice_z']
    )

    // A second page through `links.next`, nobody twice.
    await UserFactory.createMany(PEOPLE_PER_PAGE)
    const first = await client.get('/api/v1/admin/people?role=member').bearerToken(secret)
    const next = first.body().links.next as string
    assert.match(next, /role=member/)
    const second = await client.get(next).bearerToken(secret)
    expectStatus(second, 200)
    assertContract(assert, second, 'api.admin.people.index')
    const firstIds = first.body().data.map((entry: any) => entry.id)
    for (const entry of second.body().data) assert.notInclude(firstIds, entry.id)

    // Bad input: 422 per field; a forged cursor: 400.
    const bad = assertProblem(
      assert,
      await client.get('/api/v1/admin/people?role=owner&sort=likes').bearerToken(secret),
      422,
      'api.admin.people.index'
    )
    assert.sameMembers(
      (bad.errors ?? []).map((error) => error.field),
      ['role', 'sort']
    )
    assertProblem(
      assert,
      await client.get('/api/v1/admin/people?cursor=nonsense').bearerToken(secret),
      400,
      'api.admin.people.index'
    )
  })

  test('GET /admin/people/:id: one account; a purged one or an unknown id is a 404', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const person = await UserFactory.merge({ bio: 'Hello' }).create()
    const { secret } = await tokenFor(moderator, ['admin'])
    const one = await client.get(`/api/v1/admin/people/${person.id}`).bearerToken(secret)
    expectStatus(one, 200)
    assertContract(assert, one, 'api.admin.people.show')
    assert.include(one.body(), {
      id: String(person.id),
      email: person.email,
      bio: 'Hello',
      role: 'member',
      block: null,
    })
    person.deletedAt = DateTime.now()
    await person.save()
    assertProblem(
      assert,
      await client.get(`/api/v1/admin/people/${person.id}`).bearerToken(secret),
      404,
      'api.admin.people.show'
    )
    assertProblem(
      assert,
      await client.get('/api/v1/admin/people/999999').bearerToken(secret),
      404,
      'api.admin.people.show'
    )
  })

  test('PUT …/role: the person is signed out (their tokens too); never one’s own role', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const person = await member()
    const theirs = await tokenFor(person, ['read'])
    const { secret } = await tokenFor(moderator, ['admin'])
    const role = (id: number, body: Record<string, unknown>) =>
      client.put(`/api/v1/admin/people/${id}/role`).bearerToken(secret).json(body)

    const promoted = await role(person.id, { role: 'admin' })
    expectStatus(promoted, 200)
    assertContract(assert, promoted, 'api.admin.people.role')
    assert.equal(promoted.body().person.role, 'admin')
    assert.match(promoted.body().message, /is now an admin/)
    expectStatus(await client.get('/api/v1/me').bearerToken(theirs.secret), 401)
    assert.deepEqual(await auditActions(moderator.id), ['user.role'])

    const same = await role(person.id, { role: 'admin' })
    expectStatus(same, 200)
    assert.match(same.body().message, /already is an admin/)

    const before = await snapshotTables()
    const self = assertProblem(
      assert,
      await role(moderator.id, { role: 'member' }),
      403,
      'api.admin.people.role'
    )
    assert.equal(self.detail, 'You cannot change your own role.')
    const bad = assertProblem(
      assert,
      await role(person.id, { role: 'owner' }),
      422,
      'api.admin.people.role'
    )
    assert.deepEqual(
      (bad.errors ?? []).map((error) => error.field),
      ['role']
    )
    await nothingWritten(assert, before)
  })

  test('POST …/block and …/unblock: reason and last day; the person’s token stops at once', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const person = await member()
    const theirs = await tokenFor(person, ['read'])
    const { secret } = await tokenFor(moderator, ['admin'])
    const at = (action: string, id = person.id) =>
      client.post(`/api/v1/admin/people/${id}/${action}`).bearerToken(secret)

    const before = await snapshotTables()
    const missing = assertProblem(
      assert,
      await at('block').json({ until: '2001-01-01' }),
      422,
      'api.admin.people.block'
    )
    assert.sameMembers(
      (missing.errors ?? []).map((error) => error.field),
      ['reason', 'until']
    )
    const self = assertProblem(
      assert,
      await at('block', moderator.id).json({ reason: 'Testing' }),
      403,
      'api.admin.people.block'
    )
    assert.equal(self.detail, 'You cannot block yourself.')
    assertProblem(assert, await at('unblock').json({}), 409, 'api.admin.people.unblock')
    await nothingWritten(assert, before)

    const lastDay = DateTime.now().plus({ days: 3 }).toISODate()!
    const blocked = await at('block').json({ reason: 'Spamming the feed', until: lastDay })
    expectStatus(blocked, 200)
    assertContract(assert, blocked, 'api.admin.people.block')
    const { person: now, message } = blocked.body()
    assert.equal(now.state, 'blocked')
    assert.equal(now.block.reason, 'Spamming the feed')
    assert.match(now.block.until, new RegExp(`^${lastDay}T23:59:59`))
    assert.include(message, `blocked until ${lastDay}`)
    expectStatus(await client.get('/api/v1/me').bearerToken(theirs.secret), 401)

    const unblocked = await at('unblock').json({})
    expectStatus(unblocked, 200)
    assertContract(assert, unblocked, 'api.admin.people.unblock')
    assert.equal(unblocked.body().person.state, 'active')
    assert.isNull(unblocked.body().person.block)
    assert.deepEqual(await auditActions(moderator.id), ['user.block', 'user.unblock'])
  })

  test('POST …/sign-out: ends the sessions and tokens of someone else, never one’s own', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const person = await member()
    const theirs = await tokenFor(person, ['read'])
    const { secret } = await tokenFor(moderator, ['admin'])
    const out = await client.post(`/api/v1/admin/people/${person.id}/sign-out`).bearerToken(secret)
    expectStatus(out, 200)
    assertContract(assert, out, 'api.admin.people.sign_out')
    expectStatus(await client.get('/api/v1/me').bearerToken(theirs.secret), 401)
    assert.deepEqual(await auditActions(moderator.id), ['user.sign_out'])
    const self = await client
      .post(`/api/v1/admin/people/${moderator.id}/sign-out`)
      .bearerToken(secret)
    assert.include(
      assertProblem(assert, self, 403, 'api.admin.people.sign_out').detail,
      'your profile page'
    )
  })

  test('POST …/approve and …/reject: pending externals only, once; the person is e-mailed', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const moderator = await admin()
    const [first, second] = await UserFactory.apply('pending').createMany(2)
    const someone = await member()
    const { secret } = await tokenFor(moderator, ['admin'])
    const decide = (id: number, action: 'approve' | 'reject', body: Record<string, unknown> = {}) =>
      client.post(`/api/v1/admin/people/${id}/${action}`).bearerToken(secret).json(body)

    const approved = await decide(first.id, 'approve')
    expectStatus(approved, 200)
    assertContract(assert, approved, 'api.admin.people.approve')
    assert.equal(approved.body().person.approvalStatus, 'approved')
    assert.match(approved.body().message, /is approved and was notified by e-mail/)

    const rejected = await decide(second.id, 'reject', { reason: 'Not on the team' })
    expectStatus(rejected, 200)
    assertContract(assert, rejected, 'api.admin.people.reject')
    assert.equal(rejected.body().person.state, 'rejected')
    mails.assertSent(AccountRejectedNotification, (message) => message.message.hasTo(second.email))

    const before = await snapshotTables()
    const again = await decide(first.id, 'reject')
    assert.include(
      assertProblem(assert, again, 409, 'api.admin.people.reject').detail,
      'already approved'
    )
    const notExternal = await decide(someone.id, 'approve')
    assert.include(
      assertProblem(assert, notExternal, 409, 'api.admin.people.approve').detail,
      'not an external account'
    )
    const long = await decide(second.id, 'reject', { reason: 'x'.repeat(501) })
    assertProblem(assert, long, 422, 'api.admin.people.reject')
    await nothingWritten(assert, before)
    assert.deepEqual(await auditActions(moderator.id), ['user.approve', 'user.reject'])
  })

  test('members (even with the admin scope) and admins’ tokens without it are refused; nothing written', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const person = await member()
    const pending = await UserFactory.apply('pending').create()
    const memberToken = await tokenFor(person, ['read', 'write', 'admin'])
    const withoutScope = await tokenFor(moderator, ['read', 'write'])
    const before = await snapshotTables()
    for (const token of [memberToken.secret, withoutScope.secret]) {
      assertProblem(
        assert,
        await client.get('/api/v1/admin/people').bearerToken(token),
        403,
        'api.admin.people.index'
      )
      assertProblem(
        assert,
        await client
          .put(`/api/v1/admin/people/${moderator.id}/role`)
          .bearerToken(token)
          .json({ role: 'member' }),
        403,
        'api.admin.people.role'
      )
      assertProblem(
        assert,
        await client.post(`/api/v1/admin/people/${pending.id}/approve`).bearerToken(token),
        403,
        'api.admin.people.approve'
      )
    }
    await nothingWritten(assert, before)
  })
})
