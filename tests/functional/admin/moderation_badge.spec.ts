import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import Report from '#models/report'
import { UserFactory } from '#database/factories/user_factory'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { recordBroadcasts } from '#tests/functional/notifications/_support'
import { forgetModerationCounts } from '#queries/admin/moderation_counts'
import { publishModerationCounts } from '#services/moderation_live'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { PostFactory } from '#database/factories/post_factory'

/**
 * The admin menu's live badges (issue 19 §2): the shared prop `moderation`
 * — pending posts and open reports — for admins only, null for everyone
 * else; a per-node cache, so a page costs no count query, refreshed by
 * every change to a queue (the same counts go out on the admins' channel).
 */
async function shared(client: ApiClient, user: User, url = '/admin') {
  const response = await client.get(url).loginAs(user).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Record<string, any>).moderation
}

async function report(reporter: User, subject: User) {
  return Report.create({
    reporterId: reporter.id,
    subjectType: 'user',
    subjectId: subject.id,
    reason: 'spam',
    details: null,
    status: 'pending',
  })
}

test.group('Admin / moderation badges (shared prop)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // A rolled back test does not tell the cache: each test starts empty.
  group.each.setup(() => {
    forgetModerationCounts()
    return limiter.clear()
  })
  const broadcasts = recordBroadcasts(group)

  test('admins get the counts on every page; members, externals and guests get null', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const ana = await UserFactory.create()
    const external = await UserFactory.apply('external').create()
    await PostFactory.merge({ authorId: ana.id }).apply('pending').apply('public').create()
    await PostFactory.merge({ authorId: ana.id }).apply('pending').apply('public').create()
    await report(ana, external)

    assert.deepEqual(await shared(client, admin), { pendingPosts: 2, openReports: 1 })
    // Any page of the app, the member shell's too.
    assert.deepEqual(await shared(client, admin, '/'), { pendingPosts: 2, openReports: 1 })

    assert.isNull(await shared(client, ana, '/'))
    assert.isNull(await shared(client, external, '/public'))
    const guest = await client.get('/login').withInertia()
    assert.isNull((guest.inertiaProps as Record<string, any>).moderation)
  })

  test('a change to a queue refreshes the badges and pushes the same counts', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const ana = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id })
      .apply('pending')
      .apply('public')
      .create()
    await PostFactory.merge({ authorId: ana.id }).apply('pending').apply('public').create()
    assert.deepEqual(await shared(client, admin), { pendingPosts: 2, openReports: 0 })

    const decided = await client
      .post('/admin/moderation/decisions')
      .loginAs(admin)
      .withCsrfToken()
      .header('referer', '/admin/moderation')
      .json({ ids: [post.id], decision: 'approve' })
      .redirects(0)
    decided.assertStatus(302)
    await publishModerationCounts()

    assert.deepEqual(await shared(client, admin), { pendingPosts: 1, openReports: 0 })
    const pushed = broadcasts.on('private-App.Admin.Moderation', 'ModerationCountsChanged')
    assert.deepEqual(pushed.at(-1)!.data, { pendingPosts: 1, openReports: 0 })
  })

  test('a page load costs no count query once the counts are known, whatever the queues', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const ana = await UserFactory.create()
    const measure = async (pending: number) => {
      for (let i = 0; i < pending; i++)
        await PostFactory.merge({ authorId: ana.id }).apply('pending').create()
      forgetModerationCounts()
      clearSettingsCache()
      forgetTeamPanel()
      await client.get('/admin/settings').loginAs(admin).withInertia()
      return countQueries(() => client.get('/admin/settings').loginAs(admin).withInertia())
    }
    const few = await measure(1)
    const many = await measure(30)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    assert.deepEqual((many.result.inertiaProps as Record<string, any>).moderation, {
      pendingPosts: 31,
      openReports: 0,
    })
    for (const sql of many.statements) {
      assert.notMatch(sql, /posts_pending_visibility_index|from `reports`|from "reports"/, sql)
    }
  })
})
