import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import type Post from '#models/post'
import { block, comment } from '#tests/functional/feeds/fixtures'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { expectStatus, field } from '#tests/functional/feeds/awaited'
import { postComments } from '#queries/feeds/post_comments'
import CommentTransformer from '#transformers/comment_transformer'
import { PostFactory } from '#database/factories/post_factory'

function store(client: any, user: User, postId: number | string, body: object) {
  return client
    .post(`/posts/${postId}/comments`)
    .json(body)
    .header('accept', 'application/json')
    .withCsrfToken()
    .loginAs(user)
}

function destroy(client: any, user: User, id: number | string) {
  return client
    .delete(`/comments/${id}`)
    .header('accept', 'application/json')
    .withCsrfToken()
    .loginAs(user)
}

async function counts(post: Post, user: User) {
  const p = await db.from('posts').where('id', post.id).select('comments_count').first()
  const u = await db.from('users').where('id', user.id).select('comments_count').first()
  const rows = await db
    .from('comments')
    .where('post_id', post.id)
    .whereNull('deleted_at')
    .count('* as total')
    .first()
  return {
    post: Number(p.comments_count),
    user: Number(u.comments_count),
    rows: Number(rows.total),
  }
}

test.group('Engagement / writing comments', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to sign in and nothing is written', async ({ client, assert }) => {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client
      .post(`/posts/${post.id}/comments`)
      .form({ body: 'Hi' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.equal(await field(counts(post, writer), 'rows'), 0)
  })

  test('a member comments: the comment comes back and both counters move', async ({
    client,
    assert,
  }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await store(client, member, post.id, { body: '  Great news!  ' })
    response.assertStatus(201)
    const body = response.body()
    assert.equal(body.commentsCount, 1)
    assert.containsSubset(body.comment, {
      postId: post.id,
      body: 'Great news!',
      likes: 0,
      liked: false,
      author: { id: member.id, username: member.username },
      can: { delete: true, like: true },
    })
    assert.notInclude(JSON.stringify(body), member.email)
    assert.deepEqual(await counts(post, member), { post: 1, user: 1, rows: 1 })
  })

  test('a form post comments and goes back with a flash', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client
      .post(`/posts/${post.id}/comments`)
      .form({ body: 'From a form' })
      .withCsrfToken()
      .loginAs(member)
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('success', 'Your comment is posted.')
    assert.equal(await field(counts(post, member), 'rows'), 1)
  })

  test('text is stored as typed: markup is not interpreted', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await store(client, member, post.id, { body: '<b>hi</b>' })
    assert.equal(response.body().comment.body, '<b>hi</b>')
  })

  for (const [label, payload] of [
    ['missing text', {}],
    ['blank text', { body: '   ' }],
    ['text over 2000 characters', { body: 'x'.repeat(2001) }],
    ['text that is not a string', { body: { nested: true } }],
  ] as const) {
    test(`${label} is refused with a message and nothing is written`, async ({
      client,
      assert,
    }) => {
      const [member, writer] = await UserFactory.createMany(2)
      const post = await PostFactory.merge({ authorId: writer.id }).create()
      const before = await tableSnapshot()
      const response = await store(client, member, post.id, payload)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'body')
      assert.deepEqual(changedTables(before, await tableSnapshot()), [])
    })
  }

  test('exactly 2000 characters are accepted', async ({ client }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await expectStatus(store(client, member, post.id, { body: 'y'.repeat(2000) }), 201)
  })

  test('a form post without text goes back with the error in the form', async ({
    client,
    assert,
  }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client
      .post(`/posts/${post.id}/comments`)
      .form({ body: '' })
      .withCsrfToken()
      .loginAs(member)
      .redirects(0)
    response.assertStatus(302)
    assert.isNotEmpty(response.flashMessage('inputErrorsBag').body)
    assert.equal(await field(counts(post, member), 'rows'), 0)
  })

  test('a post the viewer cannot see is a 404 (external on a team post)', async ({
    client,
    assert,
  }) => {
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('team').create()
    await expectStatus(store(client, external, post.id, { body: 'Hello' }), 404)
    assert.equal(await field(counts(post, writer), 'rows'), 0)
  })

  test('a post by someone who blocked the viewer is a 404', async ({ client }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await block(writer, viewer)
    await expectStatus(store(client, viewer, post.id, { body: 'Hello' }), 404)
  })

  test('a pending post cannot be commented on (409)', async ({ client, assert }) => {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id })
      .apply('pending')
      .apply('public')
      .create()
    await expectStatus(store(client, writer, post.id, { body: 'Hello' }), 409)
    assert.equal(await field(counts(post, writer), 'rows'), 0)
  })

  test('a non-numeric post id is a 404 and nothing is written', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const before = await tableSnapshot()
    await expectStatus(store(client, member, 'abc', { body: 'Hello' }), 404)
    assert.deepEqual(changedTables(before, await tableSnapshot()), [])
  })
})

test.group('Engagement / deleting comments', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function scene() {
    const [postAuthor, commenter, other] = await UserFactory.createMany(3)
    const admin = await UserFactory.apply('admin').create()
    const post = await PostFactory.merge({ authorId: postAuthor.id }).create()
    const c = await comment(commenter, post)
    return { postAuthor, commenter, other, admin, post, c }
  }

  test('the comment author deletes it; both counters go down', async ({ client, assert }) => {
    const { commenter, post, c } = await scene()
    const response = await destroy(client, commenter, c.id)
    response.assertStatus(200)
    response.assertBody({ deleted: true, commentsCount: 0 })
    assert.deepEqual(await counts(post, commenter), { post: 0, user: 0, rows: 0 })
  })

  test("the post's author deletes someone else's comment on their post", async ({
    client,
    assert,
  }) => {
    const { postAuthor, commenter, post, c } = await scene()
    await expectStatus(destroy(client, postAuthor, c.id), 200)
    assert.deepEqual(await counts(post, commenter), { post: 0, user: 0, rows: 0 })
  })

  test('an admin deletes any comment', async ({ client, assert }) => {
    const { admin, commenter, post, c } = await scene()
    await expectStatus(destroy(client, admin, c.id), 200)
    assert.equal(await field(counts(post, commenter), 'rows'), 0)
  })

  test('another member may not delete it: 403 and nothing changes', async ({ client, assert }) => {
    const { other, c } = await scene()
    const before = await tableSnapshot()
    const response = await destroy(client, other, c.id)
    response.assertStatus(403)
    assert.deepEqual(changedTables(before, await tableSnapshot()), [])
  })

  test('a form delete by another member goes back with an error flash', async ({ client }) => {
    const { other, c } = await scene()
    const response = await client
      .delete(`/comments/${c.id}`)
      .withCsrfToken()
      .loginAs(other)
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage(
      'error',
      'Only the comment’s author, the post’s author or an admin can delete it.'
    )
  })

  test('someone who cannot see the post gets a 404', async ({ client }) => {
    const { c } = await scene()
    const external = await UserFactory.apply('external').create()
    await expectStatus(destroy(client, external, c.id), 404)
  })

  test('deleting twice: the second is a 404 and counters move once', async ({ client, assert }) => {
    const { commenter, post, c } = await scene()
    await expectStatus(destroy(client, commenter, c.id), 200)
    await expectStatus(destroy(client, commenter, c.id), 404)
    assert.deepEqual(await counts(post, commenter), { post: 0, user: 0, rows: 0 })
  })

  test('a guest is sent to sign in', async ({ client }) => {
    const { c } = await scene()
    const response = await client.delete(`/comments/${c.id}`).withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('a non-numeric comment id is a 404', async ({ client }) => {
    const { commenter } = await scene()
    await expectStatus(destroy(client, commenter, 'x'), 404)
  })
})

test.group('Engagement / reading comments (postComments)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('comments come oldest first, 20 per page, with a keyset cursor', async ({ assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const created = []
    for (let i = 0; i < 23; i++) created.push(await comment(writer, post, `c${i}`))
    const first = await postComments(viewer, post)
    assert.deepEqual(
      first.data.map((c) => c.id),
      created.slice(0, 20).map((c) => c.id)
    )
    assert.equal(first.nextCursor, created[19].id)
    const second = await postComments(viewer, post, String(first.nextCursor))
    assert.deepEqual(
      second.data.map((c) => c.id),
      created.slice(20).map((c) => c.id)
    )
    assert.isNull(second.nextCursor)
  })

  test('comments by someone the viewer blocked, or who blocked the viewer, are hidden', async ({
    assert,
  }) => {
    const [viewer, writer, blocked, blocker, friend] = await UserFactory.createMany(5)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await comment(blocked, post)
    await comment(blocker, post)
    const visible = await comment(friend, post)
    await block(viewer, blocked)
    await block(blocker, viewer)
    const page = await postComments(viewer, post)
    assert.deepEqual(
      page.data.map((c) => c.id),
      [visible.id]
    )
  })

  test('deleted comments and comments of deletion-pending accounts are hidden', async ({
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const leaving = await UserFactory.apply('deletionPending').create()
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const gone = await comment(writer, post)
    await db.from('comments').where('id', gone.id).update({ deleted_at: new Date().toISOString() })
    await comment(leaving, post)
    assert.lengthOf(await field(postComments(viewer, post), 'data'), 0)
  })

  test('the delete right is given per viewer', async ({ assert }) => {
    const [postAuthor, commenter, other] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: postAuthor.id }).create()
    await comment(commenter, post)
    const canDelete = async (viewer: User) => {
      const page = await postComments(viewer, post)
      return new CommentTransformer(page.data[0], viewer, post).toObject().can.delete
    }
    assert.isTrue(await canDelete(postAuthor))
    assert.isTrue(await canDelete(commenter))
    assert.isFalse(await canDelete(other))
  })

  test('a malformed cursor is refused', async ({ assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await assert.rejects(() => postComments(viewer, post, 'abc'), /cursor/)
  })
})

test.group('Engagement / blocks and comment writes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('after the post author blocks a commenter, the commenter cannot reach the comment (404)', async ({
    client,
    assert,
  }) => {
    const [postAuthor, commenter] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: postAuthor.id }).create()
    const c = await comment(commenter, post)
    await block(postAuthor, commenter)
    await expectStatus(destroy(client, commenter, c.id), 404)
    assert.equal(await field(counts(post, commenter), 'rows'), 1)
  })

  test("the post author does not see a blocked user's comment and cannot delete it blind (404)", async ({
    client,
  }) => {
    const [postAuthor, commenter] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: postAuthor.id }).create()
    const c = await comment(commenter, post)
    await block(postAuthor, commenter)
    await expectStatus(destroy(client, postAuthor, c.id), 404)
  })

  test('an admin still deletes a comment whatever the blocks between others', async ({
    client,
  }) => {
    const [postAuthor, commenter] = await UserFactory.createMany(2)
    const admin = await UserFactory.apply('admin').create()
    const post = await PostFactory.merge({ authorId: postAuthor.id }).create()
    const c = await comment(commenter, post)
    await block(postAuthor, commenter)
    await expectStatus(destroy(client, admin, c.id), 200)
  })
})
