import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import Post from '#models/post'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { admin, block, external, member, postsCountOf, postsGroup } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

function destroy(client: ApiClient, user: User | null, id: number, referer?: string) {
  let request = client.delete(`/posts/${id}`).withCsrfToken().redirects(0)
  if (referer) request = request.header('referer', referer)
  return user ? request.loginAs(user) : request
}

test.group('Posts / delete', (group) => {
  postsGroup(group)

  test('guest cannot delete a post', async ({ client, assert }) => {
    const post = await PostFactory.create()
    const response = await destroy(client, null, post.id)
    response.assertHeader('location', '/login')
    await post.refresh()
    assert.isNull(post.deletedAt)
  })

  test('the author deletes their post: hidden, kept, uncounted', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    assert.equal(await postsCountOf(author), 1)
    const response = await destroy(client, author, post.id, `http://localhost/posts/${post.id}`)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    response.assertFlashMessage('success', 'The post was deleted.')
    await post.refresh()
    assert.isNotNull(post.deletedAt)
    assert.equal(await postsCountOf(author), 0)
  })

  test('deleting from a feed goes back to that feed', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const feed = `http://${env.get('HOST')}:${env.get('PORT')}/public`
    const response = await destroy(client, author, post.id, feed)
    response.assertHeader('location', feed)
  })

  test('a teammate cannot delete someone else’s post', async ({ client, assert }) => {
    const post = await PostFactory.create()
    const response = await destroy(client, await member(), post.id)
    response.assertStatus(403)
    await post.refresh()
    assert.isNull(post.deletedAt)
  })

  test('people who cannot see the post get a 404 and nothing changes', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const blocked = await member()
    await block(blocked, author)
    for (const user of [await external(), blocked]) {
      const response = await destroy(client, user, post.id)
      response.assertStatus(404)
    }
    await post.refresh()
    assert.isNull(post.deletedAt)
  })

  test('an admin deletes any post, and the deletion is audited', async ({ client, assert }) => {
    const author = await member()
    const moderator = await admin()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await destroy(client, moderator, post.id)
    response.assertStatus(302)
    await post.refresh()
    assert.isNotNull(post.deletedAt)
    assert.equal(await postsCountOf(author), 0)
    const log = await db.from('audit_logs').where('action', 'post.delete').firstOrFail()
    assert.equal(log.actor_id, moderator.id)
    assert.equal(log.subject_id, post.id)
  })

  test('deleting a share lowers the original’s share count', async ({ client, assert }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    await client
      .post(`/posts/${original.id}/share`)
      .withCsrfToken()
      .loginAs(sharer)
      .form({})
      .redirects(0)
    await original.refresh()
    assert.equal(original.sharesCount, 1)
    const share = await Post.query().where('shared_post_id', original.id).firstOrFail()
    await destroy(client, sharer, share.id)
    await original.refresh()
    assert.equal(original.sharesCount, 0)
    assert.equal(await postsCountOf(sharer), 0)
  })

  test('deleting an original deletes its shares and fixes the sharers’ counts', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const original = await PostFactory.merge({ authorId: author.id }).create()
    const sharer = await member()
    await client
      .post(`/posts/${original.id}/share`)
      .withCsrfToken()
      .loginAs(sharer)
      .form({ body: 'Look' })
      .redirects(0)
    assert.equal(await postsCountOf(sharer), 1)
    await destroy(client, author, original.id)
    const share = await Post.query().where('shared_post_id', original.id).firstOrFail()
    assert.isNotNull(share.deletedAt)
    assert.equal(await postsCountOf(sharer), 0)
    assert.equal(await postsCountOf(author), 0)
  })

  test('a post already deleted cannot be deleted again (404)', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await destroy(client, author, post.id)
    const again = await destroy(client, author, post.id)
    again.assertStatus(404)
  })
})
