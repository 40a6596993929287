import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import DemoSeeder from '#database/seeders/demo_seeder'
import { clearSettingsCache } from '#services/settings'
import { realtime } from '#services/realtime/main'
import { ONLINE_CHANNEL } from '#services/realtime/channels'
import { dbTime } from '#services/db/db_time'
import { repairCounters } from '#services/counter_repair'
import { resetRollupTrigger } from '#services/activity_rollup_trigger'
import { comment, like } from '#tests/functional/feeds/fixtures'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { PostFactory } from '#database/factories/post_factory'

/**
 * The dashboard's drill-down pages (issue 19 §1): access for every actor,
 * bad input, the lists themselves, constant queries per page, and THE
 * PAIRS: on the demo team, every figure that links to a list equals that
 * list's length (likes and comments: the sum of the listed posts' counters).
 */
const DRILLDOWNS = [
  ['/admin/dashboard/accounts', 'Dashboard/Account'],
  ['/admin/dashboard/active-users', 'Dashboard/ActiveUsers'],
  ['/admin/dashboard/most-liked-posts', 'Dashboard/MostLikedPosts'],
  ['/admin/dashboard/most-commented-posts', 'Dashboard/MostCommentPosts'],
  ['/admin/dashboard/top-authors', 'Dashboard/MostUserPosts'],
  ['/admin/dashboard/people/:id/posts', 'Dashboard/UserPosts'],
] as const

type Props = Record<string, any>

async function props(client: ApiClient, url: string, admin: User): Promise<Props> {
  const response = await client.get(url).loginAs(admin).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as Props
}

/** Every row of a keyset-paged list, following nextCursor to the end. */
async function wholeList(client: ApiClient, href: string, admin: User, key: string) {
  const rows: Props[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 500; pages++) {
    const url = new URL(href, 'http://app.test')
    if (cursor) url.searchParams.set('cursor', cursor)
    const page = await props(client, url.pathname + url.search, admin)
    rows.push(...page[key])
    cursor = page.nextCursor
    if (!cursor) return rows
  }
  throw new Error(`${href}: more than 500 pages`)
}

const LIST_KEY: Record<string, string> = {
  '/admin/dashboard/accounts': 'accounts',
  '/admin/dashboard/active-users': 'people',
  '/admin/dashboard/most-liked-posts': 'posts',
  '/admin/dashboard/most-commented-posts': 'posts',
  '/admin/moderation': 'posts',
  '/admin/reports': 'groups',
}

test.group('Admin / dashboard drill-downs: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const [pattern, component] of DRILLDOWNS) {
    test(`${component}: guest → sign-in, member and external → 403, admin → the page`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      const member = await UserFactory.create()
      const external = await UserFactory.apply('external').create()
      const url = pattern.replace(':id', String(member.id))

      const guest = await client.get(url).redirects(0)
      guest.assertStatus(302)
      guest.assertHeader('location', '/login')
      for (const user of [member, external]) {
        const denied = await client.get(url).loginAs(user).withInertia()
        denied.assertStatus(403)
        denied.assertInertiaComponent('Errors/Forbidden')
      }
      const ok = await client.get(url).loginAs(admin).withInertia()
      ok.assertStatus(200)
      ok.assertInertiaComponent(component)
      // Page props never take a shared prop's name.
      assert.properties(ok.inertiaProps, ['auth', 'can', 'team'])
    })
  }

  test('bad filter values and cursors are a 400 with a message; unknown people a 404', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const bad = [
      '/admin/dashboard/accounts?tab=everyone',
      '/admin/dashboard/accounts?cursor=abc',
      '/admin/dashboard/active-users?window=1y',
      '/admin/dashboard/active-users?window=24h&cursor=12',
      '/admin/dashboard/most-liked-posts?cursor=1',
      '/admin/dashboard/most-commented-posts?cursor=x.y',
      '/admin/dashboard/top-authors?days=5',
      `/admin/dashboard/people/${admin.id}/posts?state=drafts`,
      '/admin?days=7',
    ]
    for (const url of bad) {
      const response = await client.get(url).loginAs(admin).accept('json')
      assert.equal(response.status(), 400, url)
      assert.match(JSON.stringify(response.body()), /must be one of|cursor is not valid/, url)
    }
    const missing = await client
      .get('/admin/dashboard/people/999999/posts')
      .loginAs(admin)
      .withInertia()
    missing.assertStatus(404)
    const notNumeric = await client
      .get('/admin/dashboard/people/ana/posts')
      .loginAs(admin)
      .withInertia()
    notNumeric.assertStatus(404)
  })
})

test.group('Admin / dashboard drill-downs: lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Dashboard/Account: each tab lists what its figure counts, keyset pages without overlap', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.createMany(24)
    const blocked = await UserFactory.apply('inactive').create()
    const leaving = await UserFactory.apply('deletionPending').create()
    const pending = await UserFactory.apply('pending').create()

    const first = await props(client, '/admin/dashboard/accounts?tab=members', admin)
    assert.equal(first.tab, 'members')
    assert.lengthOf(first.accounts, 20)
    assert.isString(first.nextCursor)
    const second = await props(
      client,
      `/admin/dashboard/accounts?tab=members&cursor=${first.nextCursor}`,
      admin
    )
    assert.lengthOf(second.accounts, 4)
    assert.isNull(second.nextCursor)
    const ids = [...first.accounts, ...second.accounts].map((a: Props) => a.id)
    assert.equal(new Set(ids).size, 24)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first'
    )
    const tabs = Object.fromEntries(first.tabs.map((t: Props) => [t.key, t.count]))
    assert.deepInclude(tabs, { members: 24, admins: 1, inactive: 1, deletionPending: 1 })
    for (const [tab, user] of [
      ['inactive', blocked],
      ['deletionPending', leaving],
      ['pendingApprovals', pending],
    ] as const) {
      const list = await props(client, `/admin/dashboard/accounts?tab=${tab}`, admin)
      assert.deepEqual(
        list.accounts.map((a: Props) => a.id),
        [user.id],
        tab
      )
      assert.equal(list.accounts[0].email, user.email, 'admins see e-mail addresses')
    }
  })

  test('Dashboard/ActiveUsers: online from the presence channel, 24 h / 7 d from the last sign-in', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const today = await UserFactory.merge({
      lastLoginAt: DateTime.now().minus({ hours: 2 }),
    }).create()
    const week = await UserFactory.merge({
      lastLoginAt: DateTime.now().minus({ days: 3 }),
    }).create()
    await UserFactory.merge({ lastLoginAt: DateTime.now().minus({ days: 30 }) }).create()
    await UserFactory.merge({ lastLoginAt: null }).create()

    const hub = realtime.hub!
    await hub.presence.join(ONLINE_CHANNEL, 'test-socket-1', {
      userId: String(week.id),
      rawId: week.id,
      info: {},
    })
    try {
      const online = await props(client, '/admin/dashboard/active-users', admin)
      assert.equal(online.window, 'online')
      assert.deepEqual(
        online.people.map((p: Props) => p.id),
        [week.id]
      )
      assert.equal(online.counts.online, 1)
    } finally {
      await hub.presence.leave(ONLINE_CHANNEL, 'test-socket-1', String(week.id))
    }
    const day = await props(client, '/admin/dashboard/active-users?window=24h', admin)
    assert.deepEqual(
      day.people.map((p: Props) => p.id),
      [today.id]
    )
    const seven = await props(client, '/admin/dashboard/active-users?window=7d', admin)
    assert.deepEqual(
      seven.people.map((p: Props) => p.id),
      [today.id, week.id],
      'latest sign-in first'
    )
    assert.deepInclude(seven.counts, { 'online': 0, '24h': 1, '7d': 2 })
  })

  test('MostLikedPosts / MostCommentPosts: published posts only, ranked, keyset pages on (count, id)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const author = await UserFactory.create()
    const posts = []
    for (let i = 0; i < 23; i++) {
      posts.push(
        await PostFactory.merge({
          authorId: author.id,
          likesCount: i % 5,
          commentsCount: (i * 7) % 4,
        }).create()
      )
    }
    await PostFactory.merge({ authorId: author.id, likesCount: 99 }).apply('pending').create()
    await PostFactory.merge({ authorId: author.id, likesCount: 99 }).apply('deleted').create()

    for (const [url, key] of [
      ['/admin/dashboard/most-liked-posts', 'likesCount'],
      ['/admin/dashboard/most-commented-posts', 'commentsCount'],
    ] as const) {
      const rows = await wholeList(client, url, admin, 'posts')
      assert.lengthOf(rows, 23, url)
      assert.equal(new Set(rows.map((r) => r.id)).size, 23, `${url}: no overlap`)
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]]
        assert.isTrue(a[key] > b[key] || (a[key] === b[key] && a.id > b.id), `${url} order at ${i}`)
      }
      assert.equal(rows[0].author.id, author.id)
      assert.notProperty(rows[0].author, 'email', 'authors are shown without e-mail')
    }
  })

  test('MostUserPosts: people ranked by posts published in the window', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const [ana, ben, cara] = await UserFactory.createMany(3)
    for (let i = 0; i < 3; i++) await PostFactory.merge({ authorId: ben.id }).create()
    await PostFactory.merge({ authorId: ana.id }).create()
    await PostFactory.merge({
      authorId: ana.id,
      publishedAt: DateTime.now().minus({ days: 20 }),
    }).create()
    await PostFactory.merge({
      authorId: cara.id,
      publishedAt: DateTime.now().minus({ days: 60 }),
    }).create()
    await PostFactory.merge({ authorId: cara.id }).apply('pending').create()
    await PostFactory.merge({ authorId: cara.id }).apply('deleted').create()

    const week = await props(client, '/admin/dashboard/top-authors?days=7', admin)
    assert.deepEqual(
      week.ranks.map((r: Props) => [r.person.id, r.posts, r.rank]),
      [
        [ben.id, 3, 1],
        [ana.id, 1, 2],
      ]
    )
    const quarter = await props(client, '/admin/dashboard/top-authors?days=90', admin)
    assert.deepEqual(
      quarter.ranks.map((r: Props) => [r.person.id, r.posts]),
      [
        [ben.id, 3],
        [ana.id, 2],
        [cara.id, 1],
      ]
    )
    const fallback = await props(client, '/admin/dashboard/top-authors', admin)
    assert.equal(fallback.days, 30)
  })

  test('UserPosts: one person’s posts in every state, with counts per state', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const [ana, ben] = await UserFactory.createMany(2)
    const published = await PostFactory.merge({ authorId: ana.id }).create()
    const pending = await PostFactory.merge({ authorId: ana.id }).apply('pending').create()
    const rejected = await PostFactory.merge({ authorId: ana.id }).apply('rejected').create()
    const deleted = await PostFactory.merge({ authorId: ana.id }).apply('deleted').create()
    await PostFactory.merge({ authorId: ben.id }).create()

    const all = await props(client, `/admin/dashboard/people/${ana.id}/posts`, admin)
    assert.deepEqual(
      all.posts.map((p: Props) => p.id),
      [deleted.id, rejected.id, pending.id, published.id]
    )
    assert.deepEqual(all.counts, { all: 4, published: 1, pending: 1, rejected: 1, deleted: 1 })
    assert.equal(all.person.id, ana.id)
    assert.isNull(all.posts[0].url, 'a deleted post has no page to open')
    for (const [state, post] of [
      ['published', published],
      ['pending', pending],
      ['rejected', rejected],
      ['deleted', deleted],
    ] as const) {
      const list = await props(
        client,
        `/admin/dashboard/people/${ana.id}/posts?state=${state}`,
        admin
      )
      assert.deepEqual(
        list.posts.map((p: Props) => p.id),
        [post.id],
        state
      )
    }
  })

  test('every drill-down page costs the same number of queries with 5 or 40 rows', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    // Each URL is requested once before it is measured: caches (settings,
    // team panel, session) fill on a first request.
    const measure = async () => {
      const counts: Record<string, number> = {}
      for (const url of [
        '/admin',
        ...DRILLDOWNS.map(([p]) => p.replace(':id', String(admin.id))),
      ]) {
        await client.get(url).loginAs(admin).withInertia()
      }
      for (const [pattern] of DRILLDOWNS) {
        const url = pattern.replace(':id', String(admin.id))
        const { count } = await countQueries(async () => {
          const response = await client.get(url).loginAs(admin).withInertia()
          response.assertStatus(200)
        })
        counts[url] = count
      }
      const { count } = await countQueries(async () => {
        const response = await client.get('/admin').loginAs(admin).withInertia()
        response.assertStatus(200)
      })
      counts['/admin'] = count
      return counts
    }
    const grow = async (n: number) => {
      const people = await UserFactory.merge({ lastLoginAt: DateTime.now() }).createMany(n)
      for (const person of people) {
        const post = await PostFactory.merge({ authorId: person.id }).create()
        await PostFactory.merge({ authorId: admin.id }).create()
        await like(admin, post)
        await comment(person, post)
      }
    }
    await grow(5)
    const small = await measure()
    await grow(35)
    const large = await measure()
    assert.deepEqual(large, small)
  })
})

test.group('Admin / dashboard figures = their lists, on the demo team', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    drive.fake()
    return () => {
      drive.restore()
      clearSettingsCache()
    }
  })

  // Runs the whole demo seed (pictures through the media pipeline): a
  // longer timeout, as in tests/functional/seeders/demo_seeder.spec.ts.
  test('each figure with a link equals the length of its list (likes, comments: the sum)', async ({
    client,
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()
    const adminUser = await User.findByOrFail('username', 'admin')
    // Make every account figure non-trivial: one of each state.
    await UserFactory.apply('external').create()
    await UserFactory.apply('inactive').create()
    await UserFactory.apply('deletionPending').create()
    const member = await UserFactory.create()
    await PostFactory.merge({ authorId: member.id }).apply('pending').create()
    // Two reports of one post (one group in the queue) and one of a person.
    const ana = await User.findByOrFail('username', 'ana')
    const ben = await User.findByOrFail('username', 'ben')
    const reported = await PostFactory.merge({ authorId: ana.id }).create()
    for (const [reporter, type, id] of [
      [member, 'post', reported.id],
      [ben, 'post', reported.id],
      [member, 'user', ana.id],
    ] as const) {
      await db.table('reports').insert({
        reporter_id: reporter.id,
        subject_type: type,
        subject_id: id,
        reason: 'spam',
        details: null,
        status: 'pending',
        created_at: dbTime(DateTime.now()),
      })
    }
    const hub = realtime.hub!
    await hub.presence.join(ONLINE_CHANNEL, 'pair-socket', {
      userId: String(member.id),
      rawId: member.id,
      info: {},
    })

    try {
      const dashboard = await props(client, '/admin', adminUser)
      const figures: Props[] = dashboard.figures
      const keys = figures.map((f) => f.key)
      assert.includeMembers(keys, [
        'members',
        'externals',
        'admins',
        'pendingApprovals',
        'inactive',
        'deletionPending',
        'posts',
        'comments',
        'likes',
        'messages',
        'photos',
        'videos',
        'pendingPosts',
        'openReports',
        'online',
      ])
      const checked: string[] = []
      for (const figure of figures) {
        assert.isAbove(figure.definition.length, 20, `${figure.key} states its definition`)
        if (!figure.href) continue
        const path = new URL(figure.href, 'http://app.test').pathname
        const rows = await wholeList(client, figure.href, adminUser, LIST_KEY[path])
        const value =
          figure.key === 'likes'
            ? rows.reduce((sum, r) => sum + r.likesCount, 0)
            : figure.key === 'comments'
              ? rows.reduce((sum, r) => sum + r.commentsCount, 0)
              : rows.length
        assert.equal(value, figure.value, `${figure.key} (${figure.href})`)
        assert.isAbove(figure.value, 0, `${figure.key} is not trivially 0 on the demo team`)
        checked.push(figure.key)
      }
      assert.sameMembers(checked, [
        'members',
        'externals',
        'admins',
        'pendingApprovals',
        'inactive',
        'deletionPending',
        'posts',
        'comments',
        'likes',
        'pendingPosts',
        'openReports',
        'online',
      ])
      // The figures without a list in this part, against the rows they count.
      const value = (key: string) => figures.find((f) => f.key === key)!.value
      const count = async (table: string, where: (q: any) => void = () => {}) => {
        const q = db.from(table)
        where(q)
        const row = await q.count('* as n').first()
        return Number(row.n)
      }
      assert.equal(value('messages'), await count('messages'))
      assert.equal(value('photos'), await count('media', (q) => q.where('kind', 'image')))
      assert.equal(value('videos'), await count('media', (q) => q.where('kind', 'video')))
      // Likes: the posts' counters are the likes rows of published posts.
      assert.equal(
        value('likes'),
        await count('post_likes', (q) =>
          q.whereIn(
            'post_id',
            db.from('posts').where('status', 'published').whereNull('deleted_at').select('id')
          )
        )
      )
    } finally {
      await hub.presence.leave(ONLINE_CHANNEL, 'pair-socket', String(member.id))
    }
  }).timeout(120_000)

  // Runs the whole demo seed (pictures through the media pipeline): a
  // longer timeout, as in tests/functional/seeders/demo_seeder.spec.ts.
  test('the activity chart: rollup days (job, then counters:repair) + today live = the rows created', async ({
    client,
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()
    const admin = await UserFactory.apply('admin').create()
    const author = await UserFactory.create()
    const backdate = async (days: number) => {
      const post = await PostFactory.merge({ authorId: author.id }).create()
      await db
        .from('posts')
        .where('id', post.id)
        .update({ created_at: dbTime(DateTime.now().minus({ days })) })
    }
    const check = async (days: number) => {
      const { activity } = await props(client, `/admin?days=${days}`, admin)
      assert.equal(activity.days, days)
      assert.lengthOf(activity.points, days)
      assert.equal(activity.points.at(-1).day, DateTime.now().toFormat('yyyy-MM-dd'))
      assert.isTrue(activity.complete)
      const since = DateTime.now()
        .startOf('day')
        .minus({ days: days - 1 })
      for (const [key, table] of [
        ['posts', 'posts'],
        ['comments', 'comments'],
        ['likes', 'post_likes'],
        ['accounts', 'users'],
      ]) {
        const total = activity.points.reduce((sum: number, p: Props) => sum + p[key], 0)
        const row = await db
          .from(table)
          .where('created_at', '>=', dbTime(since))
          .count('* as n')
          .first()
        assert.equal(total, Number(row.n), `${key} over ${days} days`)
      }
    }

    // An empty rollup (a fresh install): the dashboard queues the job,
    // which runs at once on the tests' sync queue.
    await backdate(3)
    await db.from('activity_daily').delete()
    resetRollupTrigger()
    for (const days of [30, 90, 365]) await check(days)
    const rolled = await db.from('activity_daily').count('* as n').first()
    assert.isAbove(Number(rolled.n), 0)

    // A row written into a past day behind the rollup's back: counters:repair fixes that day.
    await backdate(5)
    const reports = await repairCounters()
    assert.deepInclude(
      reports.map((r) => [r.counter, r.drifted]),
      ['activity_daily.posts', 1]
    )
    await check(30)
  }).timeout(120_000)
})
