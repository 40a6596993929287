import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import type Post from '#models/post'
import { block, comment } from '#tests/functional/feeds/fixtures'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { expectBody, expectStatus, field } from '#tests/functional/feeds/awaited'
import { PostFactory } from '#database/factories/post_factory'

async function likeState(post: Post, user: User) {
  const row = await db.from('posts').where('id', post.id).select('likes_count').first()
  const rows = await db.from('post_likes').where('post_id', post.id).count('* as total').first()
  const mine = await db.from('post_likes').where({ post_id: post.id, user_id: user.id }).first()
  const given = await db.from('users').where('id', user.id).select('likes_given_count').first()
  return {
    likesCount: Number(row.likes_count),
    rows: Number(rows.total),
    liked: !!mine,
    likesGiven: Number(given.likes_given_count),
  }
}

function likeRequest(client: any, user: User, id: number | string, body?: object) {
  return client
    .post(`/posts/${id}/like`)
    .json(body ?? {})
    .header('accept', 'application/json')
    .withCsrfToken()
    .loginAs(user)
}

test.group('Engagement / post likes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest cannot like: sent to sign in, nothing written', async ({ client, assert }) => {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('public').create()
    const response = await client.post(`/posts/${post.id}/like`).withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.equal(await field(likeState(post, writer), 'rows'), 0)
  })

  test('a member likes a visible post: row, counter and likes given move together', async ({
    client,
    assert,
  }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await likeRequest(client, member, post.id, { liked: true })
    response.assertStatus(200)
    response.assertBody({ liked: true, likes: 1 })
    assert.deepEqual(await likeState(post, member), {
      likesCount: 1,
      rows: 1,
      liked: true,
      likesGiven: 1,
    })
  })

  test('liking twice is one like (idempotent)', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await likeRequest(client, member, post.id, { liked: true })
    const again = await likeRequest(client, member, post.id, { liked: true })
    again.assertBody({ liked: true, likes: 1 })
    assert.deepInclude(await likeState(post, member), { likesCount: 1, rows: 1, likesGiven: 1 })
  })

  test('unliking removes the like; unliking again changes nothing', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await likeRequest(client, member, post.id, { liked: true })
    const off = await likeRequest(client, member, post.id, { liked: false })
    off.assertBody({ liked: false, likes: 0 })
    const again = await likeRequest(client, member, post.id, { liked: false })
    again.assertBody({ liked: false, likes: 0 })
    assert.deepEqual(await likeState(post, member), {
      likesCount: 0,
      rows: 0,
      liked: false,
      likesGiven: 0,
    })
  })

  test('without `liked` the request toggles', async ({ client }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await expectBody(likeRequest(client, member, post.id), { liked: true, likes: 1 })
    await expectBody(likeRequest(client, member, post.id), { liked: false, likes: 0 })
  })

  test('a form post (not JSON) likes and goes back', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client
      .post(`/posts/${post.id}/like`)
      .form({ liked: 'true' })
      .withCsrfToken()
      .loginAs(member)
      .redirects(0)
    response.assertStatus(302)
    assert.isTrue(await field(likeState(post, member), 'liked'))
  })

  test('an external can like a public post', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('public').create()
    await expectStatus(likeRequest(client, external, post.id, { liked: true }), 200)
  })

  test('an external cannot like a team post: 404, nothing written', async ({ client, assert }) => {
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('team').create()
    const response = await likeRequest(client, external, post.id, { liked: true })
    response.assertStatus(404)
    assert.equal(await field(likeState(post, external), 'rows'), 0)
  })

  test('a blocked user cannot like: 404 both ways', async ({ client, assert }) => {
    const [blocker, blocked] = await UserFactory.createMany(2)
    const byBlocker = await PostFactory.merge({ authorId: blocker.id }).create()
    const byBlocked = await PostFactory.merge({ authorId: blocked.id }).create()
    await block(blocker, blocked)
    await expectStatus(likeRequest(client, blocked, byBlocker.id, { liked: true }), 404)
    await expectStatus(likeRequest(client, blocker, byBlocked.id, { liked: true }), 404)
    assert.equal(await field(likeState(byBlocker, blocked), 'rows'), 0)
    assert.equal(await field(likeState(byBlocked, blocker), 'rows'), 0)
  })

  test('a pending post cannot be liked, even by an admin who can see it (409)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id })
      .apply('pending')
      .apply('public')
      .create()
    const response = await likeRequest(client, admin, post.id, { liked: true })
    response.assertStatus(409)
    assert.equal(await field(likeState(post, admin), 'rows'), 0)
  })

  test('a deleted post is a 404', async ({ client }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).apply('deleted').create()
    await expectStatus(likeRequest(client, member, post.id, { liked: true }), 404)
  })

  test('the author can like their own post', async ({ client }) => {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await expectBody(likeRequest(client, writer, post.id, { liked: true }), {
      liked: true,
      likes: 1,
    })
  })

  for (const id of ['abc', '1.5', '-1', '1e3']) {
    test(`a non-numeric post id (${id}) is a 404 and writes nothing`, async ({
      client,
      assert,
    }) => {
      const member = await UserFactory.create()
      const before = await tableSnapshot()
      const response = await likeRequest(client, member, encodeURIComponent(id), { liked: true })
      response.assertStatus(404)
      assert.deepEqual(changedTables(before, await tableSnapshot()), [])
    })
  }

  test('an unknown post id is a 404', async ({ client }) => {
    const member = await UserFactory.create()
    await expectStatus(likeRequest(client, member, 987654, { liked: true }), 404)
  })

  test('a `liked` value that is not a boolean is refused (422), nothing written', async ({
    client,
    assert,
  }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await likeRequest(client, member, post.id, { liked: 'maybe' })
    response.assertStatus(422)
    assert.equal(await field(likeState(post, member), 'rows'), 0)
  })
})

test.group('Engagement / liked by', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function likeAt(user: User, post: Post, secondsAgo: number) {
    const { DateTime } = await import('luxon')
    const { like } = await import('#tests/functional/feeds/fixtures')
    await like(user, post, DateTime.now().minus({ seconds: secondsAgo }))
  }

  test('lists the people who liked a post, newest like first, without e-mails', async ({
    client,
    assert,
  }) => {
    const [viewer, writer, a, b] = await UserFactory.createMany(4)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await likeAt(a, post, 60)
    await likeAt(b, post, 10)
    const response = await client
      .get(`/posts/${post.id}/likes`)
      .header('accept', 'application/json')
      .loginAs(viewer)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(
      body.data.map((p: any) => p.id),
      [b.id, a.id]
    )
    assert.isNull(body.nextCursor)
    assert.notInclude(JSON.stringify(body), a.email)
    assert.sameMembers(Object.keys(body.data[0]), [
      'id',
      'username',
      'fullName',
      'initials',
      'avatarUrl',
      'likedAt',
    ])
  })

  test('pages by 30 with a cursor', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const likers = await UserFactory.createMany(32)
    for (const [i, liker] of likers.entries()) await likeAt(liker, post, 100 - i)
    const first = await client
      .get(`/posts/${post.id}/likes`)
      .header('accept', 'application/json')
      .loginAs(viewer)
    assert.lengthOf(first.body().data, 30)
    const second = await client
      .get(`/posts/${post.id}/likes`)
      .qs({ cursor: first.body().nextCursor })
      .header('accept', 'application/json')
      .loginAs(viewer)
    assert.lengthOf(second.body().data, 2)
    const all = [...first.body().data, ...second.body().data].map((p: any) => p.id)
    assert.sameMembers(
      all,
      likers.map((u) => u.id)
    )
  })

  test('hides people on either side of a block with the viewer', async ({ client, assert }) => {
    const [viewer, writer, blockedByViewer, blockerOfViewer, other] =
      await UserFactory.createMany(5)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    for (const u of [blockedByViewer, blockerOfViewer, other]) await likeAt(u, post, 5)
    await block(viewer, blockedByViewer)
    await block(blockerOfViewer, viewer)
    const response = await client
      .get(`/posts/${post.id}/likes`)
      .header('accept', 'application/json')
      .loginAs(viewer)
    assert.deepEqual(
      response.body().data.map((p: any) => p.id),
      [other.id]
    )
  })

  test('a post the viewer cannot see is a 404', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('team').create()
    const response = await client
      .get(`/posts/${post.id}/likes`)
      .header('accept', 'application/json')
      .loginAs(external)
    response.assertStatus(404)
  })

  test('a guest is sent to sign in', async ({ client }) => {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client.get(`/posts/${post.id}/likes`).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('a request that does not ask for JSON gets 406', async ({ client }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const response = await client.get(`/posts/${post.id}/likes`).loginAs(viewer).withInertia()
    response.assertStatus(406)
  })
})

test.group('Engagement / comment likes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  function commentLike(client: any, user: User, id: number | string, body?: object) {
    return client
      .post(`/comments/${id}/like`)
      .json(body ?? {})
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(user)
  }

  test('a member likes and unlikes a comment; the counter follows', async ({ client, assert }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const c = await comment(writer, post)
    await expectBody(commentLike(client, member, c.id, { liked: true }), {
      liked: true,
      likes: 1,
    })
    await expectBody(commentLike(client, member, c.id, { liked: true }), {
      liked: true,
      likes: 1,
    })
    const rows = await db.from('comment_likes').where('comment_id', c.id).count('* as total')
    assert.equal(Number(rows[0].total), 1)
    await expectBody(commentLike(client, member, c.id, { liked: false }), {
      liked: false,
      likes: 0,
    })
  })

  test('a comment on a post the viewer cannot see is a 404', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('team').create()
    const c = await comment(writer, post)
    await expectStatus(commentLike(client, external, c.id, { liked: true }), 404)
  })

  test('a comment by someone the viewer blocked is a 404', async ({ client }) => {
    const [viewer, writer, blocked] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const c = await comment(blocked, post)
    await block(viewer, blocked)
    await expectStatus(commentLike(client, viewer, c.id, { liked: true }), 404)
  })

  test('a deleted comment is a 404', async ({ client }) => {
    const [member, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    const c = await comment(writer, post)
    await db.from('comments').where('id', c.id).update({ deleted_at: new Date().toISOString() })
    await expectStatus(commentLike(client, member, c.id, { liked: true }), 404)
  })

  test('a non-numeric comment id is a 404', async ({ client }) => {
    const member = await UserFactory.create()
    await expectStatus(commentLike(client, member, 'x1', { liked: true }), 404)
  })
})

test.group('Engagement / liked by and blocks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the "liked by" list of a post by someone who blocked the viewer is a 404', async ({
    client,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: writer.id }).create()
    await block(writer, viewer)
    const response = await client
      .get(`/posts/${post.id}/likes`)
      .header('accept', 'application/json')
      .loginAs(viewer)
    response.assertStatus(404)
  })
})
