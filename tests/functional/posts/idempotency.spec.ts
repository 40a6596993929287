import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { BAD_KEY_MESSAGE } from '#services/idempotency'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Idempotent sends (issue 15 §1, the offline outbox): a post, comment or
 * message sent again with the same `Idempotency-Key` answers like the first
 * request did and writes no second row. Keys belong to their author; a
 * malformed key is a 422 with a sentence; no key behaves as before.
 */

function createPost(client: ApiClient, user: User | null, body: string, key?: string) {
  let request = client.post('/posts').withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  if (key !== undefined) request = request.header('Idempotency-Key', key)
  return request.form({ body: `<p>${body}</p>`, audience: 'team' })
}

function createComment(client: ApiClient, user: User, postId: number, body: string, key?: string) {
  let request = client
    .post(`/posts/${postId}/comments`)
    .withCsrfToken()
    .redirects(0)
    .loginAs(user)
    .accept('json')
  if (key !== undefined) request = request.header('Idempotency-Key', key)
  return request.form({ body })
}

function sendMessage(client: ApiClient, user: User, username: string, body: string, key?: string) {
  let request = client
    .post(`/messages/${username}`)
    .withCsrfToken()
    .redirects(0)
    .loginAs(user)
    .accept('json')
  if (key !== undefined) request = request.header('Idempotency-Key', key)
  return request.form({ body })
}

async function rows(table: string, column: string, id: number) {
  const result = await db.from(table).where(column, id).count('* as total').first()
  return Number(result?.total ?? 0)
}

const KEY = 'outbox-7f3c2a91-5b7e-4d0c-9a1e-2f6b8c4d1e00'

test.group('Idempotent sends / posts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a replayed post answers with the first post and writes no second row', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const first = await createPost(client, ana, 'Sent from the train', KEY)
    first.assertStatus(302)
    const location = String(first.header('location'))
    assert.match(location, /^\/posts\/\d+$/)

    const replay = await createPost(client, ana, 'Sent from the train', KEY)
    replay.assertStatus(302)
    assert.equal(replay.header('location'), location)
    assert.equal(await rows('posts', 'author_id', ana.id), 1)
    const user = await db.from('users').where('id', ana.id).select('posts_count').first()
    assert.equal(Number(user.posts_count), 1, 'the counter moved once')
  })

  test('without a key, or with another key, each request is a new post', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    for (const key of [undefined, undefined, `${KEY}-a`, `${KEY}-b`]) {
      const response = await createPost(client, ana, 'One', key)
      response.assertStatus(302)
    }
    assert.equal(await rows('posts', 'author_id', ana.id), 4)
  })

  test("a key is the author's own: another person's same key is their own post", async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const mine = await createPost(client, ana, 'Ana writes', KEY)
    const theirs = await createPost(client, ben, 'Ben writes', KEY)
    assert.notEqual(mine.header('location'), theirs.header('location'))
    assert.equal(await rows('posts', 'author_id', ana.id), 1)
    assert.equal(await rows('posts', 'author_id', ben.id), 1)
    const benPost = await db.from('posts').where('author_id', ben.id).first()
    assert.include(benPost.body_text, 'Ben writes')
  })

  test('a malformed key is refused with a sentence (422), nothing written', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    for (const key of ['short', 'has spaces in it', 'x'.repeat(101), 'slash/in/the/key']) {
      const response = await client
        .post('/posts')
        .withCsrfToken()
        .loginAs(ana)
        .accept('json')
        .header('Idempotency-Key', key)
        .form({ body: '<p>Hello</p>', audience: 'team' })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].message, BAD_KEY_MESSAGE)
    }
    assert.equal(await rows('posts', 'author_id', ana.id), 0)
  })

  test('a first request refused by validation keeps the key free for the corrected one', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const refused = await client
      .post('/posts')
      .withCsrfToken()
      .loginAs(ana)
      .accept('json')
      .header('Idempotency-Key', KEY)
      .form({ body: '', audience: 'team' })
    refused.assertStatus(422)
    const corrected = await createPost(client, ana, 'Now with text', KEY)
    corrected.assertStatus(302)
    assert.equal(await rows('posts', 'author_id', ana.id), 1)
  })

  test('a guest is sent to sign in, with or without a key', async ({ client, assert }) => {
    const response = await createPost(client, null, 'Anonymous', KEY)
    response.assertStatus(302)
    assert.match(String(response.header('location')), /\/login/)
    const all = await db.from('posts').count('* as total').first()
    assert.equal(Number(all.total), 0)
  })
})

test.group('Idempotent sends / comments and messages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a replayed comment answers with the first comment; the count moves once', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const first = await createComment(client, ben, post.id, 'Nice one', KEY)
    first.assertStatus(201)
    const replay = await createComment(client, ben, post.id, 'Nice one', KEY)
    replay.assertStatus(201)
    assert.equal(replay.body().comment.id, first.body().comment.id)
    assert.equal(replay.body().commentsCount, 1)
    assert.equal(await rows('comments', 'author_id', ben.id), 1)
    const row = await db.from('posts').where('id', post.id).select('comments_count').first()
    assert.equal(Number(row.comments_count), 1)

    const other = await createComment(client, ben, post.id, 'Nice one', `${KEY}-2`)
    other.assertStatus(201)
    assert.notEqual(other.body().comment.id, first.body().comment.id)
  })

  test('a replayed comment on a post the sender cannot see is still a 404', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const first = await createComment(client, ben, post.id, 'First', KEY)
    first.assertStatus(201)
    await db.from('posts').where('id', post.id).update({ deleted_at: new Date() })
    const replay = await createComment(client, ben, post.id, 'First', KEY)
    replay.assertStatus(404)
    assert.equal(await rows('comments', 'author_id', ben.id), 1)
  })

  test('a replayed message answers with the first message; unread moves once', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const first = await sendMessage(client, ana, ben.username, 'Lunch?', KEY)
    first.assertStatus(201)
    const replay = await sendMessage(client, ana, ben.username, 'Lunch?', KEY)
    replay.assertStatus(201)
    assert.equal(replay.body().message.id, first.body().message.id)
    assert.equal(replay.body().conversationId, first.body().conversationId)
    assert.equal(await rows('messages', 'sender_id', ana.id), 1)
    const badge = await db.from('users').where('id', ben.id).select('unread_messages_count').first()
    assert.equal(Number(badge.unread_messages_count), 1)
  })

  test('a malformed key on a message or comment is a 422 with a sentence', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const message = await sendMessage(client, ana, ben.username, 'Hi', 'bad key!')
    message.assertStatus(422)
    assert.equal(message.body().errors[0].message, BAD_KEY_MESSAGE)
    const comment = await createComment(client, ben, post.id, 'Hi', 'bad key!')
    comment.assertStatus(422)
    assert.equal(comment.body().errors[0].message, BAD_KEY_MESSAGE)
    assert.equal(await rows('messages', 'sender_id', ana.id), 0)
    assert.equal(await rows('comments', 'author_id', ben.id), 0)
  })
})

/**
 * Real concurrent transactions (no global transaction): requests with the
 * same key racing past the first check meet the unique index, and the
 * losers answer with the winner's row.
 */
test.group('Idempotent sends / concurrent replays', (group) => {
  const created: number[] = []
  group.each.setup(() => limiter.clear())
  group.each.teardown(async () => {
    if (!created.length) return
    await db.from('messages').whereIn('sender_id', created).delete()
    await db.from('conversation_participants').whereIn('user_id', created).delete()
    await db.from('conversations').whereIn('user_low_id', created).delete()
    await db.from('posts').whereIn('author_id', created).delete()
    await db.from('users').whereIn('id', created).delete()
    created.length = 0
  })

  test('five racing posts with one key write one row and all answer with it', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    created.push(ana.id)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createPost(client, ana, 'Racing', KEY))
    )
    const locations = new Set(answers.map((answer) => answer.header('location')))
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [302, 302, 302, 302, 302]
    )
    assert.equal(locations.size, 1)
    assert.equal(await rows('posts', 'author_id', ana.id), 1)
  })

  test('five racing messages with one key write one row and all answer with it', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    created.push(ana.id, ben.id)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendMessage(client, ana, ben.username, 'Racing', KEY))
    )
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [201, 201, 201, 201, 201]
    )
    assert.equal(new Set(answers.map((answer) => answer.body().message.id)).size, 1)
    assert.equal(await rows('messages', 'sender_id', ana.id), 1)
  })
})
