import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { admin, block, external, member, postsGroup } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

test.group('Posts / post page', (group) => {
  postsGroup(group)

  test('guest is sent to the sign-in page', async ({ client }) => {
    const post = await PostFactory.create()
    const response = await client.get(`/posts/${post.id}`).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('a teammate sees a team post with what they may do', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Sprint review at 3</p>',
      bodyText: 'Sprint review at 3',
    }).create()
    const response = await client
      .get(`/posts/${post.id}`)
      .loginAs(await member())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/PostDetail')
    const props = response.inertiaProps as any
    assert.equal(props.post.id, post.id)
    assert.equal(props.post.bodyHtml, '<p>Sprint review at 3</p>')
    assert.equal(props.post.author.username, author.username)
    assert.notProperty(props.post.author, 'email')
    assert.deepInclude(props.post.can, { edit: false, delete: false, share: true })
  })

  test('the author may edit and delete, not share their own post', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await client.get(`/posts/${post.id}`).loginAs(author).withInertia()
    assert.deepInclude((response.inertiaProps as any).post.can, {
      edit: true,
      delete: true,
      share: false,
    })
  })

  test('an admin may delete but not edit someone else’s post', async ({ client, assert }) => {
    const post = await PostFactory.create()
    const response = await client
      .get(`/posts/${post.id}`)
      .loginAs(await admin())
      .withInertia()
    assert.deepInclude((response.inertiaProps as any).post.can, { edit: false, delete: true })
  })

  test('an external gets the not-found page for a team post', async ({ client }) => {
    const post = await PostFactory.apply('team').create()
    const response = await client
      .get(`/posts/${post.id}`)
      .loginAs(await external())
      .withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
  })

  test('an external sees a published public post', async ({ client }) => {
    const post = await PostFactory.apply('public').create()
    const response = await client
      .get(`/posts/${post.id}`)
      .loginAs(await external())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/PostDetail')
  })

  test('a viewer who blocked the author gets the not-found page', async ({ client }) => {
    const author = await member()
    const viewer = await member()
    await block(viewer, author)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
    response.assertStatus(404)
  })

  test('a viewer blocked by the author gets the not-found page', async ({ client }) => {
    const author = await member()
    const viewer = await member()
    await block(author, viewer)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
    response.assertStatus(404)
  })

  test('a pending post is seen by its author and admins only, with its status', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('public')
      .apply('pending')
      .create()
    const stranger = await client
      .get(`/posts/${post.id}`)
      .loginAs(await member())
      .withInertia()
    stranger.assertStatus(404)
    const own = await client.get(`/posts/${post.id}`).loginAs(author).withInertia()
    own.assertStatus(200)
    assert.equal((own.inertiaProps as any).post.status, 'pending')
    const moderator = await client
      .get(`/posts/${post.id}`)
      .loginAs(await admin())
      .withInertia()
    moderator.assertStatus(200)
  })

  test('a deleted post is not found, even for its author', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    post.deletedAt = DateTime.now()
    await post.save()
    const response = await client.get(`/posts/${post.id}`).loginAs(author).withInertia()
    response.assertStatus(404)
  })

  test('unknown and non-numeric ids are not found', async ({ client }) => {
    const viewer = await member()
    for (const id of ['999999', 'abc', '1e3', '99999999999999999999']) {
      const response = await client.get(`/posts/${id}`).loginAs(viewer).withInertia()
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/NotFound')
    }
  })
})
