import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { appRoutes, isReadMethod } from '#tests/helpers/security'

/** An audit row as app/services/audit.ts writes it, at a chosen time. */
async function entry(
  actor: User | null,
  action: string,
  options: { at?: Date; subject?: { type: string; id: number }; meta?: object; ip?: string } = {}
) {
  const [row] = await db
    .table('audit_logs')
    .insert({
      actor_id: actor?.id ?? null,
      action,
      subject_type: options.subject?.type ?? null,
      subject_id: options.subject?.id ?? null,
      meta: options.meta ? JSON.stringify(options.meta) : null,
      ip: options.ip ?? '203.0.113.7',
      created_at: options.at ?? new Date(),
    })
    .returning('id')
  return Number(typeof row === 'object' ? row.id : row)
}

const props = (response: { inertiaProps: unknown }) => response.inertiaProps as any

test.group('Admin / audit log', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    forgetTeamPanel()
  })

  test('guest is sent to sign in; member and external get the 403 page', async ({ client }) => {
    const guest = await client.get('/admin/audit').redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    for (const user of [await UserFactory.create(), await UserFactory.apply('external').create()]) {
      const response = await client.get('/admin/audit').loginAs(user).withInertia()
      response.assertStatus(403)
      response.assertInertiaComponent('Errors/Forbidden')
    }
  })

  test('admin sees who did what to whom, when and from where, newest first', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const member = await UserFactory.merge({ fullName: 'Mia Member', username: 'mia' }).create()
    await entry(admin, 'user.approve', {
      subject: { type: 'user', id: member.id },
      at: new Date(Date.now() - 60_000),
    })
    await entry(admin, 'settings.update', {
      meta: { changes: { teamName: { from: 'Huddle', to: 'Acme' } } },
      ip: '198.51.100.4',
    })

    const response = await client.get('/admin/audit').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('AuditLog/Index')
    const { entries } = props(response)
    assert.deepEqual(
      entries.map((e: any) => e.label),
      ['Team settings changed', 'External account approved']
    )
    const [settings, approval] = entries
    assert.equal(settings.actor.fullName, 'Ada Admin')
    assert.equal(settings.ip, '198.51.100.4')
    assert.deepEqual(settings.details, ['teamName: "Huddle" → "Acme"'])
    assert.equal(approval.subject.type, 'user')
    assert.equal(approval.subject.person.username, 'mia')
    assert.notProperty(approval.subject.person, 'email', 'no e-mail addresses in the log page')
    assert.notProperty(approval.actor, 'email')
    assert.match(approval.createdAt, /^\d{4}-\d{2}-\d{2}T/)
  })

  test('an unknown action is shown in words; the entry of a deleted actor stays', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const gone = await UserFactory.apply('admin').create()
    await entry(gone, 'report.resolve_all')
    await gone.delete()
    await entry(null, 'accounts.purge')
    const { entries } = props(await client.get('/admin/audit').loginAs(admin).withInertia())
    assert.equal(entries[0].label, 'Accounts purge')
    assert.isNull(entries[0].actor)
    assert.equal(entries[1].label, 'Report resolve all')
    assert.isNull(entries[1].actor, 'actor_id is set to null when the account is deleted')
  })

  test('filters: actor (username, "@" optional), action, date range', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ username: 'boss' }).create()
    const other = await UserFactory.apply('admin').merge({ username: 'deputy' }).create()
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`)
    const a = await entry(admin, 'post.delete', { at: day('2026-03-01') })
    const b = await entry(other, 'post.delete', { at: day('2026-03-02') })
    const c = await entry(admin, 'user.approve', { at: day('2026-03-03') })
    const d = await entry(other, 'user.approve', { at: day('2026-03-04') })

    const ids = async (qs: Record<string, string>) => {
      const response = await client.get('/admin/audit').qs(qs).loginAs(admin).withInertia()
      response.assertStatus(200)
      return props(response).entries.map((e: any) => e.id)
    }
    assert.deepEqual(await ids({ actor: '@Boss' }), [c, a])
    assert.deepEqual(await ids({ action: 'post.delete' }), [b, a])
    assert.deepEqual(await ids({ from: '2026-03-02', to: '2026-03-03' }), [c, b])
    assert.deepEqual(await ids({ to: '2026-03-01' }), [a])
    assert.deepEqual(await ids({ from: '2026-03-04' }), [d])
    assert.deepEqual(await ids({ actor: 'deputy', action: 'user.approve' }), [d])

    const nobody = await client
      .get('/admin/audit')
      .qs({ actor: 'nobody' })
      .loginAs(admin)
      .withInertia()
    assert.lengthOf(props(nobody).entries, 0)
    assert.isTrue(props(nobody).unknownActor)
  })

  test('bad filters are a 400 with a sentence, not a 500', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: '2026-02-30' }, /"from" date "2026-02-30" is not a valid date/],
      [{ to: 'yesterday' }, /"to" date "yesterday" is not a valid date/],
      [{ from: '2026-03-05', to: '2026-03-01' }, /must not be after/],
      [{ action: "x' OR 1=1 --" }, /Choose an action from the list/],
      [{ cursor: 'abc' }, /cursor is not valid/],
    ]
    for (const [qs, message] of cases) {
      const response = await client.get('/admin/audit').qs(qs).loginAs(admin)
      response.assertStatus(400)
      assert.match(response.text(), message)
    }
  })

  test('keyset pages: 20 per page, "older" continues exactly where the page ended', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const ids: number[] = []
    for (let i = 0; i < 45; i++) ids.push(await entry(admin, 'post.update'))
    const newestFirst = [...ids].reverse()

    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await client
        .get('/admin/audit')
        .qs(cursor ? { cursor } : {})
        .loginAs(admin)
        .withInertia()
      const page = props(response)
      seen.push(...page.entries.map((e: any) => e.id))
      cursor = page.nextCursor
      pages++
    } while (cursor && pages < 10)
    assert.equal(pages, 3)
    assert.deepEqual(seen, newestFirst)
  })

  test('a page costs the same number of queries with 3 entries or 60', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const people = await UserFactory.createMany(5)
    const world = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const person = people[i % people.length]
        await entry(i % 2 ? person : admin, 'user.approve', {
          subject: { type: 'user', id: person.id },
        })
      }
    }
    const measure = async () => {
      clearSettingsCache()
      forgetTeamPanel()
      await client.get('/admin/audit').loginAs(admin).withInertia()
      return countQueries(() =>
        client.get('/admin/audit').qs({ actor: admin.username }).loginAs(admin).withInertia()
      )
    }
    await world(3)
    const few = await measure()
    await world(60)
    const many = await measure()
    assert.lengthOf(props(many.result).entries, 20)
    assert.equal(
      many.count,
      few.count,
      `few:\n${few.statements.join('\n')}\nmany:\n${many.statements.join('\n')}`
    )
  })

  test('entries cannot be edited or deleted from the app: no route writes to /admin/audit', ({
    assert,
  }) => {
    const auditRoutes = appRoutes().filter((route) => route.pattern.startsWith('/admin/audit'))
    assert.deepEqual(
      auditRoutes.map((route) => `${route.methods.join('|')} ${route.pattern}`),
      ['GET /admin/audit']
    )
    const writers = appRoutes().filter(
      (route) => route.methods.some((m) => !isReadMethod(m)) && /audit/i.test(route.pattern)
    )
    assert.deepEqual(writers, [])
  })
})
