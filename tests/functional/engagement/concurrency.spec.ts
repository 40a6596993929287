import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import { PostFactory } from '#database/factories/post_factory'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import { CommentFactory } from '#database/factories/comment_factory'
import { directReadStats } from '#services/db/sqlite_direct_reads'
import { onPostgres } from '#tests/helpers/dialect'

/**
 * Counters under concurrency (PRODUCT §5 "counters always equal the
 * truth", BENCHMARKS S4). No global transaction here: the requests must run
 * as real concurrent transactions; the rows are removed afterwards.
 */
test.group('Engagement / concurrent likes', (group) => {
  const created: User[] = []
  group.each.teardown(async () => {
    if (created.length)
      await db
        .from('users')
        .whereIn(
          'id',
          created.map((u) => u.id)
        )
        .delete()
    created.length = 0
  })

  async function truth(postId: number, users: User[]) {
    const post = await db.from('posts').where('id', postId).select('likes_count').first()
    const rows = await db.from('post_likes').where('post_id', postId).count('* as total').first()
    const given = await db
      .from('users')
      .whereIn(
        'id',
        users.map((u) => u.id)
      )
      .select('id', 'likes_given_count')
    const perUser = await db
      .from('post_likes')
      .whereIn(
        'user_id',
        users.map((u) => u.id)
      )
      .groupBy('user_id')
      .select('user_id')
      .count('* as total')
    return {
      likesCount: Number(post.likes_count),
      rows: Number(rows.total),
      given: Object.fromEntries(given.map((r: any) => [r.id, Number(r.likes_given_count)])),
      perUser: Object.fromEntries(perUser.map((r: any) => [r.user_id, Number(r.total)])),
    }
  }

  test('50 concurrent like/unlike/toggle requests from 5 users leave exact counters', async ({
    client,
    assert,
  }) => {
    const writer = await UserFactory.create()
    const users = await UserFactory.createMany(5)
    created.push(writer, ...users)
    const post = await PostFactory.merge({ authorId: writer.id }).create()

    const requests = Array.from({ length: 50 }, (_, i) => {
      const user = users[i % users.length]
      const body = i % 3 === 0 ? {} : { liked: i % 3 === 1 }
      return client
        .post(`/posts/${post.id}/like`)
        .json(body)
        .header('accept', 'application/json')
        .withCsrfToken()
        .loginAs(user)
    })
    const responses = await Promise.all(requests)
    for (const response of responses) assert.equal(response.status(), 200)

    const state = await truth(post.id, users)
    assert.equal(state.likesCount, state.rows)
    for (const user of users) {
      assert.equal(state.given[user.id], state.perUser[user.id] ?? 0)
      assert.isAtMost(state.perUser[user.id] ?? 0, 1)
    }
  })

  test('100 concurrent likes by one user on one post count once', async ({ assert }) => {
    const writer = await UserFactory.create()
    const liker = await UserFactory.create()
    created.push(writer, liker)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const action = new TogglePostLike()
    const results = await Promise.all(
      Array.from({ length: 100 }, () => action.handle(liker, post, true))
    )
    for (const result of results) assert.isTrue(result.liked)
    const state = await truth(post.id, [liker])
    assert.deepEqual(
      { likesCount: state.likesCount, rows: state.rows, given: state.given[liker.id] },
      { likesCount: 1, rows: 1, given: 1 }
    )
  })

  test('concurrent toggles from many users through the action keep likes_count exact', async ({
    assert,
  }) => {
    const writer = await UserFactory.create()
    const users = await UserFactory.createMany(10)
    created.push(writer, ...users)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const action = new TogglePostLike()
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => action.handle(users[i % 10], post, undefined))
    )
    const state = await truth(post.id, users)
    assert.equal(state.likesCount, state.rows)
  })

  test('on SQLite a toggle runs straight on the connection, with the same result', async ({
    assert,
  }) => {
    const writer = await UserFactory.create()
    const liker = await UserFactory.create()
    created.push(writer, liker)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const comment = await CommentFactory.merge({ postId: post.id, authorId: writer.id }).create()
    const before = directReadStats.transactions

    const likePost = new TogglePostLike()
    assert.deepEqual(await likePost.handle(liker, post), { liked: true, likes: 1 })
    assert.deepEqual(await likePost.handle(liker, post, true), { liked: true, likes: 1 })
    assert.deepEqual(await likePost.handle(liker, post), { liked: false, likes: 0 })
    assert.deepEqual(await likePost.handle(liker, post, false), { liked: false, likes: 0 })
    assert.deepEqual(await likePost.handle(liker, post, true), { liked: true, likes: 1 })

    const likeComment = new ToggleCommentLike()
    assert.deepEqual(await likeComment.handle(liker, comment), { liked: true, likes: 1 })
    assert.deepEqual(await likeComment.handle(liker, comment, true), { liked: true, likes: 1 })
    assert.deepEqual(await likeComment.handle(liker, comment), { liked: false, likes: 0 })

    // 8 toggles, and the 3 notifications the 3 likes that changed something
    // stored for the writer (app/actions/notifications/notify.ts).
    assert.equal(directReadStats.transactions - before, 8 + 3)
    const state = await truth(post.id, [liker])
    assert.deepEqual(
      { likesCount: state.likesCount, rows: state.rows, given: state.given[liker.id] },
      { likesCount: 1, rows: 1, given: 1 }
    )
    const stored = await db.from('comments').where('id', comment.id).select('likes_count').first()
    assert.equal(Number(stored.likes_count), 0)
  }).skip(onPostgres(), 'the direct path exists on SQLite only')
})
