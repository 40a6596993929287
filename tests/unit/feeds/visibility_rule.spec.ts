import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type Post from '#models/post'
import type User from '#models/user'
import type { PostAudience, PostStatus } from '#models/post'
import { UserFactory } from '#database/factories/user_factory'
import { canViewPost, visiblePosts, visibilitySql } from '#queries/feeds/visible_posts'
import { block, makePost } from '#tests/functional/feeds/fixtures'

/**
 * THE visibility rule (PRODUCT §4) as a table: viewer role × audience ×
 * status × block × deletion, checked against a plain reading of the spec
 * (`expected` below), both through visiblePosts (lists) and canViewPost
 * (single posts).
 */
type Role = 'member' | 'external' | 'admin'
type BlockCase = 'none' | 'viewer blocked author' | 'author blocked viewer'
type AuthorState = 'live' | 'deletion pending' | 'inactive' | 'deleted'

const ROLES: Role[] = ['member', 'external', 'admin']
const BLOCKS: BlockCase[] = ['none', 'viewer blocked author', 'author blocked viewer']
const AUTHOR_STATES: AuthorState[] = ['live', 'deletion pending', 'inactive', 'deleted']
const AUDIENCES: PostAudience[] = ['team', 'public']
const STATUSES: PostStatus[] = ['published', 'pending', 'rejected']

interface Row {
  post: Post
  self: boolean
  authorState: AuthorState
  audience: PostAudience
  status: PostStatus
  postDeleted: boolean
}

/** The spec, read literally. */
function expected(role: Role, blockCase: BlockCase, row: Row) {
  if (row.postDeleted) return false
  if (row.authorState !== 'live') return false
  if (!(row.status === 'published' || row.self || role === 'admin')) return false
  if (row.audience === 'team' && role === 'external') return false
  if (!row.self && blockCase !== 'none') return false
  return true
}

function describe(row: Row) {
  return `${row.self ? 'own' : `${row.authorState} author's`} ${row.status} ${row.audience} post${row.postDeleted ? ' (deleted)' : ''}`
}

async function author(state: AuthorState) {
  if (state === 'deletion pending') return UserFactory.apply('deletionPending').create()
  if (state === 'inactive') return UserFactory.apply('inactive').create()
  if (state === 'deleted') return UserFactory.merge({ deletedAt: DateTime.now() }).create()
  return UserFactory.create()
}

async function postsBy(user: User, self: boolean, authorState: AuthorState) {
  const rows: Row[] = []
  for (const audience of AUDIENCES)
    for (const status of STATUSES)
      for (const postDeleted of [false, true])
        rows.push({
          post: await makePost(user, { audience, status, deleted: postDeleted }),
          self,
          authorState,
          audience,
          status,
          postDeleted,
        })
  return rows
}

async function viewerFor(role: Role) {
  if (role === 'admin') return UserFactory.apply('admin').create()
  if (role === 'external') return UserFactory.apply('external').create()
  return UserFactory.create()
}

test.group('Feeds / the visibility rule (table)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(60_000)

  for (const role of ROLES) {
    for (const blockCase of BLOCKS) {
      test(`${role === 'member' ? 'a' : 'an'} ${role} viewer, block: ${blockCase}, sees exactly what the rule allows`, async ({
        assert,
      }) => {
        const viewer = await viewerFor(role)
        const rows: Row[] = []
        for (const state of AUTHOR_STATES) {
          const writer = await author(state)
          if (blockCase === 'viewer blocked author') await block(viewer, writer)
          if (blockCase === 'author blocked viewer') await block(writer, viewer)
          rows.push(...(await postsBy(writer, false, state)))
        }
        if (blockCase === 'none') rows.push(...(await postsBy(viewer, true, 'live')))

        const visible = await visiblePosts(viewer)
        const listed = new Set(visible.map((post) => post.id))
        const mismatches: string[] = []
        for (const row of rows) {
          const want = expected(role, blockCase, row)
          const single = await canViewPost(viewer, row.post)
          if (listed.has(row.post.id) !== want || single !== want)
            mismatches.push(
              `${describe(row)}: expected ${want ? 'visible' : 'hidden'}, list ${listed.has(row.post.id)}, canViewPost ${single}`
            )
        }
        assert.deepEqual(mismatches, [])
        if (blockCase === 'none') {
          assert.isAbove(rows.filter((row) => expected(role, blockCase, row)).length, 1)
        }
      })
    }
  }

  test('a guest sees nothing', async ({ assert }) => {
    const writer = await UserFactory.create()
    const post = await makePost(writer, { audience: 'public' })
    assert.lengthOf(await visiblePosts(null), 0)
    assert.isFalse(await canViewPost(null, post))
  })

  test('a share is visible with its original', async ({ assert }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const original = await makePost(writer, { audience: 'public' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    assert.isTrue(await canViewPost(viewer, share))
  })

  test('a share is hidden when its original was deleted', async ({ assert }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const original = await makePost(writer, { audience: 'public', deleted: true })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('a share is hidden when the viewer blocked the original author', async ({ assert }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const original = await makePost(writer, { audience: 'public' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    await block(viewer, writer)
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('a share is hidden when the original author blocked the viewer', async ({ assert }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const original = await makePost(writer, { audience: 'public' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    await block(writer, viewer)
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('an external never sees a public share of a team post', async ({ assert }) => {
    const viewer = await UserFactory.apply('external').create()
    const [writer, sharer] = await UserFactory.createMany(2)
    const original = await makePost(writer, { audience: 'team' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('a share is hidden when its original is still pending', async ({ assert }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const original = await makePost(writer, { audience: 'public', status: 'pending' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('a share is hidden when the original author is waiting for deletion', async ({ assert }) => {
    const viewer = await UserFactory.create()
    const writer = await UserFactory.apply('deletionPending').create()
    const sharer = await UserFactory.create()
    const original = await makePost(writer, { audience: 'public' })
    const share = await makePost(sharer, { audience: 'public', sharedPost: original })
    assert.isFalse(await canViewPost(viewer, share))
  })

  test('canViewPost refuses ids that are not positive integers', async ({ assert }) => {
    const viewer = await UserFactory.create()
    assert.isFalse(await canViewPost(viewer, 0))
    assert.isFalse(await canViewPost(viewer, -3))
    assert.isFalse(await canViewPost(viewer, Number.NaN))
  })
})

test.group('Feeds / profile feed query (userFeed)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("someone else's profile lists their published posts the viewer may see", async ({
    assert,
  }) => {
    const { userFeed } = await import('#queries/feeds/feeds')
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    await makePost(writer, { audience: 'team' })
    await makePost(writer, { audience: 'public', status: 'pending' })
    const pub = await makePost(writer, { audience: 'public' })
    const page = await userFeed(external, writer.id)
    assert.deepEqual(
      page.posts.map((post) => post.id),
      [pub.id]
    )
  })

  test('my own profile lists every status', async ({ assert }) => {
    const { userFeed } = await import('#queries/feeds/feeds')
    const me = await UserFactory.create()
    const pending = await makePost(me, { audience: 'public', status: 'pending' })
    const published = await makePost(me)
    const page = await userFeed(me, me.id)
    assert.deepEqual(
      page.posts.map((post) => post.id),
      [published.id, pending.id]
    )
  })
})

test.group('Visibility rule: the SQL text', () => {
  test('is built once per role, alias and dialect, binding only the viewer id', ({ assert }) => {
    for (const sqlite of [true, false]) {
      const member = visibilitySql('member', 'posts', sqlite)
      assert.strictEqual(visibilitySql('member', 'posts', sqlite), member)
      assert.notStrictEqual(visibilitySql('member', 'p', sqlite), member)
      // rules 4 (own posts) and 6 (two blocks), for the post and its original
      assert.equal(member.viewerSlots, 6)
      assert.equal(visibilitySql('admin', 'posts', sqlite).viewerSlots, 4)
      assert.include(visibilitySql('external', 'posts', sqlite).sql, "posts.audience = 'public'")
      assert.include(member.sql, "posts.audience IN ('team', 'public')")
    }
    assert.include(
      visibilitySql('member', 'posts', true).sql,
      'FROM users AS va WHERE va.id = posts.author_id) = 1'
    )
    assert.include(visibilitySql('member', 'posts', false).sql, 'EXISTS (SELECT 1 FROM users AS va')
  })

  test('refuses a table alias that is not a plain name, or one of its own', ({ assert }) => {
    assert.throws(
      () => visibilitySql('member', 'posts; DROP TABLE posts', true),
      /Not a table alias/
    )
    assert.throws(() => visibilitySql('member', 'posts p', true), /Not a table alias/)
    assert.throws(() => visibilitySql('member', 'vo', true), /Not a table alias/)
  })
})
