import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { publishModerationCounts } from '#services/moderation_live'
import Report from '#models/report'
import User from '#models/user'
import type { ReportReason } from '#enums/report_reason'
import { UserFactory } from '#database/factories/user_factory'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { notificationsOf, recordBroadcasts } from '#tests/functional/notifications/_support'
import { dbNow } from '#services/db/db_time'
import { openReportsCount, openReportTargetsCount } from '#queries/admin/moderation_counts'
import { PostFactory } from '#database/factories/post_factory'

async function isActive(id: number) {
  const user = await User.findOrFail(id)
  return user.isActive
}

/**
 * The reports queue (issue 19 §2): Reports/Index (reports grouped by target,
 * status tabs, keyset pages), Reports/Show and its decisions (review,
 * resolve with remove the post / block the account / no action, dismiss),
 * the reporters told when resolved, and the admins' live count.
 */
const admin = () => UserFactory.apply('admin').create()
const member = () => UserFactory.create()
const external = () => UserFactory.apply('external').create()
const MODERATION_CHANNEL = 'private-App.Admin.Moderation'

async function report(
  reporter: User,
  subject: { type: 'post' | 'user'; id: number },
  options: { reason?: ReportReason; details?: string | null; status?: string } = {}
) {
  const [row] = await db
    .table('reports')
    .insert({
      reporter_id: reporter.id,
      subject_type: subject.type,
      subject_id: subject.id,
      reason: options.reason ?? 'spam',
      details: options.details ?? null,
      status: options.status ?? 'pending',
      created_at: dbNow(),
    })
    .returning('id')
  return Report.findOrFail(typeof row === 'object' ? row.id : row)
}

async function auditRows(action: string) {
  const rows = await db.from('audit_logs').where('action', action).orderBy('id').select('*')
  return rows.map((row) => ({
    ...row,
    meta: typeof row.meta === 'string' ? JSON.parse(row.meta) : row.meta,
  }))
}

async function reportStatuses(reports: Report[]) {
  const rows = await Report.query().whereIn(
    'id',
    reports.map((r) => r.id)
  )
  return rows.map((row) => row.status).sort()
}

function decide(client: any, user: User, url: string, body: Record<string, unknown>) {
  return client.post(url).loginAs(user).withCsrfToken().form(body).redirects(0)
}

test.group('Admin reports / access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('guests go to sign in; members and externals get 403; nothing changes', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const filed = await report(await member(), { type: 'post', id: post.id })
    const url = `/admin/reports/post/${post.id}`
    for (const page of ['/admin/reports', url]) {
      const guest = await client.get(page).redirects(0)
      guest.assertHeader('location', '/login')
      for (const user of [ana, await external()]) {
        const response = await client.get(page).loginAs(user).withInertia()
        response.assertStatus(403)
        response.assertInertiaComponent('Errors/Forbidden')
      }
    }
    const guest = await client
      .post(url)
      .withCsrfToken()
      .form({ decision: 'resolve', action: 'remove_post' })
      .redirects(0)
    guest.assertHeader('location', '/login')
    for (const user of [ana, await member(), await external()]) {
      const response = await client
        .post(url)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .form({ decision: 'resolve', action: 'remove_post' })
      response.assertStatus(403)
    }
    assert.deepEqual(await reportStatuses([filed]), ['pending'])
    await post.refresh()
    assert.isNull(post.deletedAt)
  })
})

test.group('Admin reports / Reports/Index and Reports/Show', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('groups the reports of one target; tabs; the open figure equals the list', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const [ana, ben, cara, dan] = await Promise.all([member(), member(), member(), member()])
    const post = await PostFactory.merge({
      authorId: ana.id,
      bodyHtml: '<p>Buy cheap watches</p>',
      bodyText: 'Buy cheap watches',
    })
      .apply('public')
      .create()
    await report(ben, { type: 'post', id: post.id }, { reason: 'spam' })
    await report(cara, { type: 'post', id: post.id }, { reason: 'spam', details: 'Again' })
    await report(dan, { type: 'post', id: post.id }, { reason: 'harassment' })
    await report(ben, { type: 'user', id: dan.id }, { reason: 'hate' })
    const other = await PostFactory.merge({ authorId: dan.id }).create()
    await report(ana, { type: 'post', id: other.id }, { status: 'dismissed' })

    const response = await client.get('/admin/reports').loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Reports/Index')
    const props = response.inertiaProps as any
    assert.equal(props.status, 'open')
    assert.deepEqual(props.counts, { open: 2, resolved: 0, dismissed: 1 })
    assert.deepEqual(
      props.groups.map((g: any) => g.key),
      [`user-${dan.id}`, `post-${post.id}`]
    )
    const postGroup = props.groups[1]
    assert.equal(postGroup.reportCount, 3)
    assert.equal(postGroup.excerpt, 'Buy cheap watches')
    assert.equal(postGroup.person.username, ana.username)
    assert.deepEqual(
      postGroup.reasons.map((r: any) => [r.reason, r.count]),
      [
        ['harassment', 1],
        ['spam', 2],
      ]
    )
    assert.equal(postGroup.status, 'pending')
    // The dashboard's figures (part A) equal this list.
    assert.equal(await openReportTargetsCount(), props.groups.length)
    assert.equal(await openReportsCount(), 4)

    const dismissed = await client
      .get('/admin/reports')
      .qs({ status: 'dismissed' })
      .loginAs(boss)
      .withInertia()
    assert.deepEqual(
      (dismissed.inertiaProps as any).groups.map((g: any) => g.key),
      [`post-${other.id}`]
    )
    // Unknown tab: open. Bad cursor: 400.
    const unknown = await client
      .get('/admin/reports')
      .qs({ status: 'x' })
      .loginAs(boss)
      .withInertia()
    assert.equal((unknown.inertiaProps as any).status, 'open')
    const bad = await client.get('/admin/reports').qs({ cursor: '-1' }).loginAs(boss).accept('json')
    bad.assertStatus(400)
  })

  test('keyset pages of 20 groups; the same number of queries for 3 groups as for 25', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const reporter = await member()
    const measure = () =>
      countQueries(() => client.get('/admin/reports').loginAs(boss).withInertia())
    const target = async (kind: 'post' | 'user') => {
      const person = await member()
      if (kind === 'user') return report(reporter, { type: 'user', id: person.id })
      const post = await PostFactory.merge({ authorId: person.id }).apply('public').create()
      return report(reporter, { type: 'post', id: post.id })
    }
    for (const kind of ['post', 'user', 'post'] as const) await target(kind)
    await measure()
    const few = await measure()
    for (let i = 0; i < 22; i++) await target(i % 2 ? 'post' : 'user')
    // The counts pushed after the last report (in the background) are
    // also the menu badges' cache: let that finish, then warm again.
    await publishModerationCounts()
    await measure()
    const many = await measure()
    const props = many.result.inertiaProps as any
    assert.lengthOf(props.groups, 20)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    const next = await client
      .get('/admin/reports')
      .qs({ cursor: props.nextCursor })
      .loginAs(boss)
      .withInertia()
    const rest = (next.inertiaProps as any).groups.map((g: any) => g.key)
    assert.lengthOf(rest, 5)
    for (const key of rest)
      assert.notInclude(
        props.groups.map((g: any) => g.key),
        key
      )
  })

  test('Reports/Show: the post as members see it, every report, what may be done', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const [ana, ben] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({
      authorId: ana.id,
      bodyHtml: '<p>Reported words</p>',
      bodyText: 'Reported words',
    })
      .apply('public')
      .create()
    await report(ben, { type: 'post', id: post.id }, { details: 'It is spam' })
    const response = await client.get(`/admin/reports/post/${post.id}`).loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Reports/Show')
    const shown = (response.inertiaProps as any).group
    assert.equal(shown.post.bodyHtml, '<p>Reported words</p>')
    assert.lengthOf(shown.reports, 1)
    assert.include(shown.reports[0], { details: 'It is spam', status: 'pending', reason: 'spam' })
    assert.equal(shown.reports[0].reporter.username, ben.username)
    assert.deepEqual(shown.actions, {
      review: true,
      removePost: true,
      blockAccount: true,
      resolve: true,
      dismiss: true,
    })
    for (const url of [
      `/admin/reports/post/${post.id + 1000}`,
      `/admin/reports/user/${ana.id}`,
      `/admin/reports/comment/${post.id}`,
      `/admin/reports/post/abc`,
    ]) {
      const missing = await client.get(url).loginAs(boss).withInertia()
      missing.assertStatus(404)
    }
  })
})

test.group('Admin reports / decisions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  const broadcasts = recordBroadcasts(group)

  test('review: pending → reviewed with notes, audited; still open', async ({ client, assert }) => {
    const boss = await admin()
    const post = await PostFactory.apply('public').create()
    const filed = await report(await member(), { type: 'post', id: post.id })
    const url = `/admin/reports/post/${post.id}`
    const response = await decide(client, boss, url, { decision: 'review', notes: 'Looking' })
    response.assertHeader('location', url)
    response.assertFlashMessage('success', 'Marked as reviewed.')
    await filed.refresh()
    assert.equal(filed.status, 'reviewed')
    assert.equal(filed.notes, 'Looking')
    assert.equal(filed.moderatorId, boss.id)
    assert.equal(await openReportTargetsCount(), 1)
    const [log] = await auditRows('report.review')
    assert.include(log, { actor_id: boss.id, subject_type: 'post', subject_id: post.id })
    const again = await decide(client, boss, url, { decision: 'review' })
    again.assertFlashMessage('error', 'No report of this target is waiting for review.')
  })

  test('resolve by removing the post: deleted, every reporter told, audited, count pushed', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const [ana, ben, cara] = await Promise.all([member(), member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const reports = [
      await report(ben, { type: 'post', id: post.id }),
      await report(cara, { type: 'post', id: post.id }, { status: 'reviewed' }),
    ]
    const old = await report(ana, { type: 'user', id: ben.id }, { status: 'dismissed' })
    const url = `/admin/reports/post/${post.id}`
    const response = await decide(client, boss, url, {
      decision: 'resolve',
      action: 'remove_post',
      notes: 'Clear spam',
    })
    response.assertFlashMessage(
      'success',
      'The reports are resolved; the people who reported were told.'
    )
    await post.refresh()
    assert.isNotNull(post.deletedAt)
    assert.deepEqual(await reportStatuses(reports), ['resolved', 'resolved'])
    assert.deepEqual(await reportStatuses([old]), ['dismissed'])
    for (const reporter of [ben, cara]) {
      const [note] = await notificationsOf(reporter)
      assert.include(note, { kind: 'report_resolved', actor_id: boss.id, target_type: 'report' })
      assert.equal(note.data.reason, 'The post was removed.')
    }
    assert.lengthOf(await notificationsOf(ana), 0)
    const [deleted] = await auditRows('post.delete')
    assert.include(deleted, { actor_id: boss.id, subject_id: post.id })
    const [resolved] = await auditRows('report.resolve')
    assert.deepEqual(
      [resolved.meta.action, resolved.meta.reports, resolved.meta.notes],
      ['remove_post', 2, 'Clear spam']
    )
    const pushed = broadcasts.on(MODERATION_CHANNEL, 'ModerationCountsChanged')
    assert.deepEqual(pushed.at(-1)!.data, { pendingPosts: 0, openReports: 0 })

    // The page still opens: the post shows as removed, nothing left to decide.
    const show = await client.get(url).loginAs(boss).withInertia()
    const shown = (show.inertiaProps as any).group
    assert.isNull(shown.post)
    assert.equal(shown.targetState, 'removed')
    assert.isTrue(shown.hiddenPost.deleted)
    assert.isFalse(shown.actions.resolve)
    const twice = await decide(client, boss, url, { decision: 'dismiss' })
    twice.assertFlashMessage('error', 'These reports were already decided; nothing changed.')
  })

  test('resolve by blocking the account: deactivated and signed out; never an admin', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const [ana, ben] = await Promise.all([member(), member()])
    const filed = await report(ben, { type: 'user', id: ana.id }, { reason: 'harassment' })
    await db.table('remember_me_tokens').insert({
      tokenable_id: ana.id,
      hash: 'x'.repeat(64),
      created_at: dbNow(),
      updated_at: dbNow(),
      expires_at: dbNow(),
    })
    const url = `/admin/reports/user/${ana.id}`
    await decide(client, boss, url, { decision: 'resolve', action: 'block_account' })
    const fresh = await User.findOrFail(ana.id)
    assert.isFalse(fresh.isActive)
    const tokens = await db.from('remember_me_tokens').where('tokenable_id', ana.id)
    assert.lengthOf(tokens, 0)
    await filed.refresh()
    assert.equal(filed.status, 'resolved')
    const [note] = await notificationsOf(ben)
    assert.equal(note.data.reason, 'The account was blocked.')
    assert.lengthOf(await auditRows('user.block'), 1)
    // Their open page is signed out: the next request goes to the sign-in page.
    const after = await client.get('/').loginAs(fresh).withInertia().redirects(0)
    assert.isNull((after.inertiaProps as any).auth.user, 'signed out on the next request')
    assert.notEqual(after.body().component, 'Home')

    const other = await admin()
    const againstAdmin = await report(ben, { type: 'user', id: other.id })
    const refused = await client
      .post(`/admin/reports/user/${other.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .withInertia()
      .form({ decision: 'resolve', action: 'block_account' })
    refused.assertStatus(403)
    assert.isTrue(await isActive(other.id))
    assert.deepEqual(await reportStatuses([againstAdmin]), ['pending'])
  })

  test('dismiss: dismissed with notes, nobody told, audited', async ({ client, assert }) => {
    const boss = await admin()
    const [ana, ben] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const filed = await report(ben, { type: 'post', id: post.id })
    await decide(client, boss, `/admin/reports/post/${post.id}`, {
      decision: 'dismiss',
      notes: 'Fine by the rules',
    })
    await filed.refresh()
    assert.equal(filed.status, 'dismissed')
    assert.equal(filed.notes, 'Fine by the rules')
    assert.isNotNull(filed.decidedAt)
    await post.refresh()
    assert.isNull(post.deletedAt)
    assert.lengthOf(await notificationsOf(ben), 0)
    assert.lengthOf(await auditRows('report.dismiss'), 1)
  })

  test('bad input is refused with a message and nothing is written', async ({ client, assert }) => {
    const boss = await admin()
    const [ana, ben] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const onPost = await report(ben, { type: 'post', id: post.id })
    const onPerson = await report(ben, { type: 'user', id: ana.id })
    const url = `/admin/reports/post/${post.id}`
    for (const body of [
      {},
      { decision: 'delete' },
      { decision: 'resolve', action: 'ban_forever' },
      { decision: 'dismiss', notes: 'x'.repeat(2001) },
    ]) {
      const response = await decide(client, boss, url, body)
      response.assertStatus(302)
      assert.isAbove(Object.keys(response.flashMessage('inputErrorsBag') ?? {}).length, 0)
    }
    // Removing a post when the target is a person.
    const wrong = await decide(client, boss, `/admin/reports/user/${ana.id}`, {
      decision: 'resolve',
      action: 'remove_post',
    })
    assert.equal(
      wrong.flashMessage('errorsBag').action,
      'The reported post is already gone: resolve without an action.'
    )
    assert.deepEqual(await reportStatuses([onPost, onPerson]), ['pending', 'pending'])
    await post.refresh()
    assert.isNull(post.deletedAt)
    assert.isTrue(await isActive(ana.id))
    assert.lengthOf(await db.from('audit_logs').select('id'), 0)
    assert.lengthOf(await notificationsOf(ben), 0)
  })

  test('a new report pushes the open count to the admins', async ({ client, assert }) => {
    const [ana, ben] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const response = await client
      .post('/reports')
      .loginAs(ben)
      .withCsrfToken()
      .accept('json')
      .json({ type: 'post', id: post.id, reason: 'spam' })
    response.assertStatus(201)
    const pushed = broadcasts.on(MODERATION_CHANNEL, 'ModerationCountsChanged')
    assert.lengthOf(pushed, 1)
    assert.deepEqual(pushed[0].data, { pendingPosts: 0, openReports: 1 })
  })
})
