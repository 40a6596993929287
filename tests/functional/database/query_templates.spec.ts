import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { block, comment, makePost, like } from '#tests/functional/feeds/fixtures'
import { myPosts, teamFeed } from '#queries/feeds/feeds'
import { findPostCard } from '#queries/feeds/post_cards'
import { postComments } from '#queries/feeds/post_comments'
import { SLOTS, clearTemplates, templateRows } from '#services/db/query_templates'
import { directReadStats } from '#services/db/sqlite_direct_reads'
import { onPostgres } from '#tests/helpers/dialect'

/**
 * Feed queries compiled once per shape and run as SQL with each request's
 * values in their slots (app/services/db/query_templates.ts): the same
 * pages as the query builder's, for every viewer, on both databases.
 */
const summary = (page: Awaited<ReturnType<typeof teamFeed>>) =>
  page.posts.map((card) => `${card.id}:${card.viewerLiked ? 'liked' : '-'}`)

test.group('Database / query templates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearTemplates())

  test('two viewers of one role get their own pages from one template', async ({ assert }) => {
    const [ana, ben, writer] = await UserFactory.createMany(3)
    const posts = []
    for (let i = 0; i < 23; i++) posts.push(await makePost(writer))
    await like(ana, posts[22])
    await like(ben, posts[21])

    const anaPage = await teamFeed(ana)
    const benPage = await teamFeed(ben)
    assert.lengthOf(anaPage.posts, 20)
    assert.equal(summary(anaPage)[0], `${posts[22].id}:liked`)
    assert.equal(summary(anaPage)[1], `${posts[21].id}:-`)
    assert.equal(summary(benPage)[0], `${posts[22].id}:-`)
    assert.equal(summary(benPage)[1], `${posts[21].id}:liked`)

    // The next page, through its own template, matches the cursor.
    const next = await teamFeed(ben, anaPage.nextCursor)
    assert.deepEqual(
      next.posts.map((card) => card.id),
      [posts[2].id, posts[1].id, posts[0].id]
    )
    assert.isNull(next.nextCursor)

    // My posts: the viewer's id is the author filter too.
    const writerOwn = await myPosts(writer)
    const anaOwn = await myPosts(ana)
    assert.lengthOf(writerOwn.posts, 20)
    assert.lengthOf(anaOwn.posts, 0)
  })

  test('a post page and its comments: the post, the viewer and the cursor in their slots', async ({
    assert,
  }) => {
    const [ana, ben, writer, blocked] = await UserFactory.createMany(4)
    const first = await makePost(writer)
    const second = await makePost(writer)
    await like(ben, second)
    for (let i = 0; i < 21; i++) await comment(writer, first, `Comment ${i}`)
    await comment(blocked, first, 'From someone Ana blocked')
    await block(ana, blocked)

    const anaCard = await findPostCard(ana, second.id)
    const benCard = await findPostCard(ben, second.id)
    const other = await findPostCard(ben, first.id)
    assert.equal(anaCard?.id, second.id)
    assert.isFalse(anaCard?.viewerLiked)
    assert.isTrue(benCard?.viewerLiked)
    assert.equal(other?.id, first.id)
    assert.isNull(await findPostCard(ben, 2_000_000_000))

    const anaPage = await postComments(ana, first)
    assert.lengthOf(anaPage.data, 20)
    const anaNext = await postComments(ana, first, anaPage.nextCursor)
    // Ana blocked a commenter: only the writer's 21st comment remains.
    assert.deepEqual(
      anaNext.data.map((row) => row.body),
      ['Comment 20']
    )
    const benPage = await postComments(ben, first, anaPage.nextCursor)
    assert.deepEqual(
      benPage.data.map((row) => row.body),
      ['Comment 20', 'From someone Ana blocked']
    )
    const none = await postComments(ben, second)
    assert.lengthOf(none.data, 0)
  })

  test('a builder that writes a slot into the SQL text is refused, not reused', async ({
    assert,
  }) => {
    const inlined = await templateRows(
      'test:inlined',
      (slots) => db.from('users').whereRaw(`id = ${slots.viewer}`).select('id'),
      { viewer: 1 }
    )
    assert.isNull(inlined)
    const unused = await templateRows('test:unused', () => db.from('users').select('id'), {
      viewer: 1,
    })
    assert.isNull(unused)
    const user = await UserFactory.create()
    const rows = await templateRows(
      'test:bound',
      (slots) => db.from('users').where('id', slots.viewer).select('id'),
      { viewer: user.id }
    )
    assert.deepEqual(
      rows?.map((row) => Number(row.id)),
      [user.id]
    )
    assert.notEqual(SLOTS.viewer, user.id)
  })
})

test.group('Database / query templates without a transaction (SQLite)', () => {
  test('the team feed runs straight on the free connection', async ({ assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    try {
      const post = await makePost(writer)
      await like(viewer, post)
      const before = directReadStats.reads
      const page = await teamFeed(viewer)
      assert.isAbove(directReadStats.reads, before)
      assert.equal(summary(page)[0], `${post.id}:liked`)
    } finally {
      await db.from('post_likes').whereIn('user_id', [viewer.id, writer.id]).delete()
      await db.from('posts').where('author_id', writer.id).delete()
      await db.from('users').whereIn('id', [viewer.id, writer.id]).delete()
    }
  }).skip(onPostgres(), 'the direct path exists on SQLite only')
})
