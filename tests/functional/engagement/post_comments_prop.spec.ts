import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { block, comment } from '#tests/functional/feeds/fixtures'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { PostFactory } from '#database/factories/post_factory'

/**
 * The `comments` scroll prop of Homepage/PostDetail (commentsScrollProp):
 * first page on the visit, next pages by a partial reload of `comments`
 * with `?comments_cursor=` (no JSON endpoint).
 */
test.group('Engagement / comments on the post page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the post page carries the first 20 comments, oldest first, and the next cursor', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const created = []
    for (let i = 0; i < 25; i++) created.push(await comment(writer, post, `Comment ${i}`))

    const response = await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
    response.assertInertiaComponent('Homepage/PostDetail')
    const ids = response.inertiaProps.comments.data.map((c: { id: number }) => c.id)
    assert.deepEqual(
      ids,
      created.slice(0, 20).map((c) => c.id)
    )
    const scroll = (response.body() as any).scrollProps.comments
    assert.equal(scroll.pageName, 'comments_cursor')
    assert.equal(scroll.nextPage, created[19].id)

    const next = await client
      .get(`/posts/${post.id}`)
      .qs({ comments_cursor: scroll.nextPage })
      .loginAs(viewer)
      .withInertiaPartialReload('Homepage/PostDetail', ['comments'])
    assert.deepEqual(
      next.inertiaProps.comments.data.map((c: { id: number }) => c.id),
      created.slice(20).map((c) => c.id)
    )
    assert.notProperty(next.inertiaProps, 'post')
    assert.isNull((next.body() as any).scrollProps.comments.nextPage)
  })

  test('loading the next comments costs a constant, small number of queries', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    for (let i = 0; i < 45; i++) await comment(i % 2 ? writer : viewer, post)
    await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
    const { count, statements } = await countQueries(() =>
      client
        .get(`/posts/${post.id}`)
        .qs({ comments_cursor: 1 })
        .loginAs(viewer)
        .withInertiaPartialReload('Homepage/PostDetail', ['comments'])
    )
    // The signed-in user, the post (visibility + card), the comments page.
    assert.isAtMost(count, 5, statements.join('\n'))
  })

  test('comments by people on either side of a block are not on the page', async ({
    client,
    assert,
  }) => {
    const [viewer, writer, blocked] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await comment(blocked, post)
    const kept = await comment(writer, post)
    await block(blocked, viewer)
    const response = await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
    assert.deepEqual(
      response.inertiaProps.comments.data.map((c: { id: number }) => c.id),
      [kept.id]
    )
  })

  test('a malformed comments cursor is a 400', async ({ client }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client
      .get(`/posts/${post.id}`)
      .qs({ comments_cursor: 'x' })
      .loginAs(viewer)
      .withInertiaPartialReload('Homepage/PostDetail', ['comments'])
    response.assertStatus(400)
  })
})
