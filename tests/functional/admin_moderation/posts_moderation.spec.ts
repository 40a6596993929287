import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import Post from '#models/post'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { notificationsOf, recordBroadcasts } from '#tests/functional/notifications/_support'
import { clearSettingsCache } from '#services/settings'
import { pendingPostsCount } from '#queries/admin/moderation_counts'
import { publishModerationCounts } from '#services/moderation_live'
import { authorizeChannel } from '#services/realtime/channel_registry'
import { PostFactory } from '#database/factories/post_factory'

/** Fresh values read from the database. */
async function userOf(id: number) {
  return User.findOrFail(id)
}
async function allowed(user: User, channel: string) {
  const decision = await authorizeChannel(user, channel)
  return decision.allowed
}
async function kinds(user: User) {
  const rows = await notificationsOf(user)
  return rows.map((row) => row.kind)
}

/**
 * Post moderation (issue 19 §2): the queue (PostModerations/Index, bulk
 * approve / reject), every team post (PostModerations/IndexST, unpublish),
 * the live queue count, and the moderation policy of Settings/AppSetting.
 */
const admin = () => UserFactory.apply('admin').create()
const member = () => UserFactory.create()
const external = () => UserFactory.apply('external').create()
const pending = (author: User, body?: string) =>
  PostFactory.merge(
    body
      ? { authorId: author.id, bodyHtml: `<p>${body}</p>`, bodyText: body }
      : { authorId: author.id }
  )
    .apply('public')
    .apply('pending')
    .create()

const MODERATION_CHANNEL = 'private-App.Admin.Moderation'

async function auditRows(action: string) {
  const rows = await db.from('audit_logs').where('action', action).orderBy('id').select('*')
  return rows.map((row) => ({
    ...row,
    meta: typeof row.meta === 'string' ? JSON.parse(row.meta) : row.meta,
  }))
}

async function statuses(posts: Post[]) {
  const rows = await Post.query().whereIn(
    'id',
    posts.map((post) => post.id)
  )
  return Object.fromEntries(rows.map((row) => [row.id, row.status]))
}

function decide(client: any, user: User, body: Record<string, unknown>) {
  return client
    .post('/admin/moderation/decisions')
    .loginAs(user)
    .withCsrfToken()
    .header('referer', '/admin/moderation')
    .json(body)
    .redirects(0)
}

test.group('Admin moderation / access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('guests go to sign in; members and externals get 403; nothing changes', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await pending(author)
    const published = await PostFactory.merge({ authorId: author.id }).apply('public').create()
    const pages = ['/admin/moderation', '/admin/moderation/posts']
    for (const url of pages) {
      const guest = await client.get(url).redirects(0)
      guest.assertStatus(302)
      guest.assertHeader('location', '/login')
      for (const user of [author, await external()]) {
        const response = await client.get(url).loginAs(user).withInertia()
        response.assertStatus(403)
        response.assertInertiaComponent('Errors/Forbidden')
      }
    }
    const writes = [
      { url: '/admin/moderation/decisions', body: { ids: [post.id], decision: 'approve' } },
      { url: `/admin/moderation/posts/${published.id}/unpublish`, body: { reason: 'No' } },
    ]
    for (const { url, body } of writes) {
      const guest = await client.post(url).withCsrfToken().json(body).redirects(0)
      guest.assertStatus(302)
      guest.assertHeader('location', '/login')
      for (const user of [author, await member(), await external()]) {
        const response = await client
          .post(url)
          .loginAs(user)
          .withCsrfToken()
          .withInertia()
          .json(body)
        response.assertStatus(403)
      }
    }
    assert.deepEqual(await statuses([post, published]), {
      [post.id]: 'pending',
      [published.id]: 'published',
    })
    assert.lengthOf(await auditRows('post.approve'), 0)
  })
})

test.group('Admin moderation / PostModerations/Index (the queue)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  const broadcasts = recordBroadcasts(group)

  test('lists pending posts oldest first, as feed cards, with both queue counts', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const first = await pending(ana, 'First in line')
    const second = await pending(await external(), 'Second in line')
    await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    await PostFactory.merge({ authorId: ana.id }).apply('public').apply('rejected').create()
    await PostFactory.merge({ authorId: ana.id })
      .apply('public')
      .apply('pending')
      .apply('deleted')
      .create()
    await db.table('reports').insert({
      reporter_id: ana.id,
      subject_type: 'user',
      subject_id: boss.id,
      reason: 'spam',
      status: 'pending',
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })

    const response = await client.get('/admin/moderation').loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('PostModerations/Index')
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.posts.map((post: any) => post.id),
      [first.id, second.id]
    )
    assert.equal(props.posts[0].bodyHtml, '<p>First in line</p>')
    assert.equal(props.posts[0].status, 'pending')
    assert.exists(props.posts[0].author.username)
    assert.notInclude(JSON.stringify(props.posts), ana.email)
    assert.equal(props.pendingCount, 2)
    assert.equal(props.pendingCount, await pendingPostsCount())
    assert.equal(props.openReports, 1)
    assert.isNull(props.nextCursor)
  })

  test('keyset pages, oldest first; the same number of queries for 3 posts as for 30', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const measure = () =>
      countQueries(() => client.get('/admin/moderation').loginAs(boss).withInertia())
    for (let i = 0; i < 3; i++) await pending(ana)
    await measure()
    const few = await measure()
    for (let i = 0; i < 27; i++) await pending(await member())
    // The counts pushed after the last new post (in the background) are
    // also the menu badges' cache: let that finish, then warm again.
    await publishModerationCounts()
    await measure()
    const many = await measure()
    const props = many.result.inertiaProps as any
    assert.lengthOf(props.posts, 20)
    assert.equal(many.count, few.count, many.statements.join('\n'))

    const next = await client
      .get('/admin/moderation')
      .qs({ cursor: props.nextCursor })
      .loginAs(boss)
      .withInertia()
    const ids = (next.inertiaProps as any).posts.map((post: any) => post.id)
    assert.lengthOf(ids, 10)
    assert.isAbove(ids[0], props.posts[19].id)
    const bad = await client
      .get('/admin/moderation')
      .qs({ cursor: 'x' })
      .loginAs(boss)
      .accept('json')
    bad.assertStatus(400)
  })

  test('bulk approve: one request publishes all, tells each author, audits each, pushes the count', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const ben = await member()
    const posts = [await pending(ana), await pending(ben), await pending(ana)]
    const untouched = await pending(ben)

    const response = await decide(client, boss, {
      ids: posts.map((post) => post.id),
      decision: 'approve',
    })
    response.assertStatus(302)
    response.assertHeader('location', '/admin/moderation')
    response.assertFlashMessage('success', '3 posts approved and published.')

    assert.deepEqual(await statuses([...posts, untouched]), {
      [posts[0].id]: 'published',
      [posts[1].id]: 'published',
      [posts[2].id]: 'published',
      [untouched.id]: 'pending',
    })
    const anaRow = await userOf(ana.id)
    const benRow = await userOf(ben.id)
    assert.equal(anaRow.postsCount, 2)
    assert.equal(benRow.postsCount, 1)
    assert.deepEqual(await kinds(ana), ['post_approved', 'post_approved'])
    const logs = await auditRows('post.approve')
    assert.deepEqual(
      logs.map((log) => log.subject_id),
      posts.map((post) => post.id)
    )
    assert.isTrue(logs.every((log) => log.actor_id === boss.id && log.meta.bulk === true))
    const pushed = broadcasts.on(MODERATION_CHANNEL, 'ModerationCountsChanged')
    assert.isAbove(pushed.length, 0)
    assert.deepEqual(pushed.at(-1)!.data, { pendingPosts: 1, openReports: 0 })
  })

  test('bulk reject needs a reason; with one, each author is told why', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const posts = [await pending(ana), await pending(ana)]
    const ids = posts.map((post) => post.id)

    const refused = await decide(client, boss, { ids, decision: 'reject' })
    refused.assertStatus(302)
    assert.deepEqual(refused.flashMessage('inputErrorsBag').reason, [
      'Give the authors a reason for rejecting their posts.',
    ])
    assert.deepEqual(await statuses(posts), { [ids[0]]: 'pending', [ids[1]]: 'pending' })

    const response = await decide(client, boss, { ids, decision: 'reject', reason: 'Off topic' })
    response.assertFlashMessage('success', '2 posts rejected; the authors were told why.')
    const rows = await Post.query().whereIn('id', ids)
    assert.isTrue(
      rows.every((row) => row.status === 'rejected' && row.rejectionReason === 'Off topic')
    )
    const notes = await notificationsOf(ana)
    assert.deepEqual(
      notes.map((note) => [note.kind, note.data.reason]),
      [
        ['post_rejected', 'Off topic'],
        ['post_rejected', 'Off topic'],
      ]
    )
    assert.lengthOf(await auditRows('post.reject'), 2)
  })

  test('bad input is refused with a message and nothing is written', async ({ client, assert }) => {
    const boss = await admin()
    const author = await member()
    const post = await pending(author)
    const bodies: Record<string, unknown>[] = [
      {},
      { ids: [], decision: 'approve' },
      { ids: ['abc'], decision: 'approve' },
      { ids: [post.id, post.id], decision: 'approve' },
      { ids: [post.id, -1], decision: 'approve' },
      { ids: Array.from({ length: 51 }, (_, i) => i + 1), decision: 'approve' },
      { ids: [post.id], decision: 'publish' },
      { ids: [post.id], decision: 'reject', reason: 'x'.repeat(501) },
      { ids: post.id, decision: 'approve' },
    ]
    for (const body of bodies) {
      const response = await decide(client, boss, body)
      response.assertStatus(302)
      const errors = response.flashMessage('inputErrorsBag')
      assert.isObject(errors, JSON.stringify(body))
      assert.isAbove(Object.keys(errors).length, 0)
    }
    // An id that does not exist (or is deleted): nothing at all is changed.
    const gone = await PostFactory.apply('pending').apply('deleted').create()
    const missing = await decide(client, boss, { ids: [post.id, gone.id], decision: 'approve' })
    missing.assertFlashMessage(
      'error',
      'Some of the chosen posts no longer exist. Nothing was changed.'
    )
    assert.deepEqual(await statuses([post]), { [post.id]: 'pending' })
    assert.lengthOf(await auditRows('post.approve'), 0)
    assert.lengthOf(await notificationsOf(author), 0)
  })

  test('posts decided meanwhile are skipped and named; the others are decided', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const waiting = await pending(ana)
    const already = await PostFactory.merge({ authorId: ana.id })
      .apply('public')
      .apply('rejected')
      .create()
    const response = await decide(client, boss, {
      ids: [waiting.id, already.id],
      decision: 'approve',
    })
    response.assertFlashMessage(
      'success',
      '1 post approved and published. 1 post was already decided by someone else and left as they are.'
    )
    assert.deepEqual(await statuses([waiting, already]), {
      [waiting.id]: 'published',
      [already.id]: 'rejected',
    })
    const none = await decide(client, boss, { ids: [already.id], decision: 'approve' })
    none.assertFlashMessage(
      'error',
      '1 post was already decided by someone else and left as they are.'
    )
  })

  test('the admins’ channel: admins may listen, a new pending post pushes the count', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const response = await client
      .post('/posts')
      .loginAs(ana)
      .withCsrfToken()
      .withInertia()
      .fields({ body: 'Please approve me', audience: 'public' })
    assert.oneOf(response.status(), [200, 302, 303])
    const pushed = broadcasts.on(MODERATION_CHANNEL, 'ModerationCountsChanged')
    assert.lengthOf(pushed, 1)
    assert.deepEqual(pushed[0].data, { pendingPosts: 1, openReports: 0 })
    assert.isTrue(await allowed(boss, MODERATION_CHANNEL))
    assert.isFalse(await allowed(ana, MODERATION_CHANNEL))
  })
})

test.group('Admin moderation / PostModerations/IndexST (every team post)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  const broadcasts = recordBroadcasts(group)

  test('filters by creation days (both ends included; swapped ends are put right)', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const at = async (iso: string) => {
      const post = await PostFactory.merge({ authorId: ana.id }).create()
      await db
        .from('posts')
        .where('id', post.id)
        .update({
          created_at: DateTime.fromISO(iso).toFormat(db.connection().dialect.dateTimeFormat),
        })
      return post
    }
    const early = await at('2026-03-01T10:00:00')
    const middle = await at('2026-03-05T23:59:00')
    const late = await at('2026-03-06T00:00:00')
    const get = async (qs: Record<string, string>) => {
      const response = await client
        .get('/admin/moderation/posts')
        .qs(qs)
        .loginAs(boss)
        .withInertia()
      response.assertStatus(200)
      return (response.inertiaProps as any).posts.map((post: any) => post.id)
    }
    assert.deepEqual(await get({ from: '2026-03-01', to: '2026-03-05' }), [middle.id, early.id])
    assert.deepEqual(await get({ from: '2026-03-06' }), [late.id])
    assert.deepEqual(await get({ to: '2026-03-01' }), [early.id])
    assert.deepEqual(await get({ from: '2026-03-05', to: '2026-03-02' }), [middle.id])
    // Not a day: no bound.
    assert.lengthOf(await get({ from: '2026-02-31', to: 'tomorrow' }), 3)
  })

  test('unpublish: back to pending, the author told why, audited, the queue count pushed', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    await db.from('users').where('id', ana.id).update({ posts_count: 1 })

    const response = await client
      .post(`/admin/moderation/posts/${post.id}/unpublish`)
      .loginAs(boss)
      .withCsrfToken()
      .header('referer', '/admin/moderation/posts?status=published')
      .form({ reason: 'Contains a phone number' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/moderation/posts?status=published')
    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.isNull(post.publishedAt)
    const fresh = await userOf(ana.id)
    assert.equal(fresh.postsCount, 0)
    const [note] = await notificationsOf(ana)
    assert.include(note, { kind: 'post_unpublished', actor_id: boss.id, target_id: post.id })
    assert.equal(note.data.reason, 'Contains a phone number')
    const [log] = await auditRows('post.unpublish')
    assert.include(log, { actor_id: boss.id, subject_id: post.id })
    assert.equal(log.meta.reason, 'Contains a phone number')
    const pushed = broadcasts.on(MODERATION_CHANNEL, 'ModerationCountsChanged')
    assert.deepEqual(pushed.at(-1)!.data, { pendingPosts: 1, openReports: 0 })
  })

  test('unpublish refuses: no reason (422), not published, an admin’s own post (403)', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const post = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const noReason = await client
      .post(`/admin/moderation/posts/${post.id}/unpublish`)
      .loginAs(boss)
      .withCsrfToken()
      .form({ reason: '   ' })
      .redirects(0)
    noReason.assertStatus(302)
    assert.deepEqual(noReason.flashMessage('inputErrorsBag').reason, [
      'Tell the author why the post is unpublished.',
    ])
    const waiting = await pending(ana)
    const notPublished = await client
      .post(`/admin/moderation/posts/${waiting.id}/unpublish`)
      .loginAs(boss)
      .withCsrfToken()
      .form({ reason: 'Why not' })
      .redirects(0)
    notPublished.assertFlashMessage(
      'error',
      'Only a published post can be unpublished; this one is not.'
    )
    const own = await PostFactory.merge({ authorId: boss.id }).apply('public').create()
    const forbidden = await client
      .post(`/admin/moderation/posts/${own.id}/unpublish`)
      .loginAs(boss)
      .withCsrfToken()
      .withInertia()
      .form({ reason: 'Mine' })
    forbidden.assertStatus(403)
    const missing = await client
      .post(`/admin/moderation/posts/999999/unpublish`)
      .loginAs(boss)
      .withCsrfToken()
      .withInertia()
      .form({ reason: 'Gone' })
    missing.assertStatus(404)
    assert.deepEqual(await statuses([post, waiting, own]), {
      [post.id]: 'published',
      [waiting.id]: 'pending',
      [own.id]: 'published',
    })
    assert.lengthOf(await auditRows('post.unpublish'), 0)
    assert.lengthOf(await notificationsOf(ana), 0)
  })

  test('delete from the list goes back to the list, filters kept', async ({ client, assert }) => {
    const boss = await admin()
    const post = await PostFactory.create()
    const response = await client
      .delete(`/admin/posts/${post.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .header('referer', '/admin/moderation/posts?audience=team')
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/moderation/posts?audience=team')
    await post.refresh()
    assert.isNotNull(post.deletedAt)
  })
})

test.group('Admin moderation / moderation policy (Settings/AppSetting)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  group.each.setup(() => clearSettingsCache())
  group.each.teardown(() => clearSettingsCache())

  const settings = (policy?: string) => ({
    teamName: 'Huddle',
    teamAbbreviation: 'Huddle',
    teamDomains: '',
    registrationMode: 'open',
    ...(policy === undefined ? {} : { moderationPolicy: policy }),
  })

  async function statusOf(client: any, user: User, audience: 'team' | 'public', body: string) {
    const created = await post(client, user, audience, body)
    return created.status
  }

  async function post(client: any, user: User, audience: 'team' | 'public', body: string) {
    await client
      .post('/posts')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .fields({ body, audience })
    return Post.query().where('author_id', user.id).where('body_text', body).firstOrFail()
  }

  test('the settings page shows the policy; saving it is audited; a bad value is refused', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const page = await client.get('/admin/settings').loginAs(boss).withInertia()
    assert.equal((page.inertiaProps as any).settings.moderationPolicy, 'public')

    const bad = await client
      .put('/admin/settings')
      .loginAs(boss)
      .withCsrfToken()
      .form(settings('everything'))
      .redirects(0)
    bad.assertStatus(302)
    assert.deepEqual(bad.flashMessage('inputErrorsBag').moderationPolicy, [
      'Choose one of the offered moderation policies.',
    ])
    const stored = await db.from('app_settings').where('key', 'moderationPolicy').first()
    assert.notExists(stored)

    // Absent (an older form): unchanged.
    await client.put('/admin/settings').loginAs(boss).withCsrfToken().form(settings()).redirects(0)
    clearSettingsCache()
    const same = await client.get('/admin/settings').loginAs(boss).withInertia()
    assert.equal((same.inertiaProps as any).settings.moderationPolicy, 'public')

    const ok = await client
      .put('/admin/settings')
      .loginAs(boss)
      .withCsrfToken()
      .form(settings('all'))
      .redirects(0)
    ok.assertFlashMessage('success', 'Settings saved.')
    const [log] = await auditRows('settings.update')
    assert.deepEqual(log.meta.changes.moderationPolicy, { from: 'public', to: 'all' })
  })

  test('enforced where posts are created: public / all / none', async ({ client, assert }) => {
    const boss = await admin()
    const ana = await member()
    const xena = await external()
    await db.from('users').where('id', xena.id).update({ approval_status: 'approved' })

    const set = async (policy: string) => {
      await client
        .put('/admin/settings')
        .loginAs(boss)
        .withCsrfToken()
        .form(settings(policy))
        .redirects(0)
      clearSettingsCache()
    }
    // Default ("public"): a member's team post is out, their public one waits.
    assert.equal(await statusOf(client, ana, 'team', 'p-team'), 'published')
    assert.equal(await statusOf(client, ana, 'public', 'p-public'), 'pending')
    assert.equal(await statusOf(client, xena, 'public', 'p-ext'), 'pending')

    await set('all')
    assert.equal(await statusOf(client, ana, 'team', 'a-team'), 'pending')
    assert.equal(await statusOf(client, boss, 'public', 'a-admin'), 'published')
    const composer = await client.get('/posts/new').loginAs(ana).withInertia()
    composer.assertStatus(200)
    const audiences = (composer.inertiaProps as any).composer.audiences
    assert.deepEqual(
      audiences.map((item: any) => item.reviewed),
      [true, true]
    )

    await set('none')
    assert.equal(await statusOf(client, ana, 'public', 'n-public'), 'published')
    assert.equal(await statusOf(client, xena, 'public', 'n-ext'), 'published')
  })
})
