import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Comment from '#models/comment'
import Report from '#models/report'
import { dbNow } from '#services/db/db_time'
import type Post from '#models/post'
import type User from '#models/user'
import { block } from '#tests/functional/posts/_support'
import { PAGE_SIZE } from '#queries/feeds/cursor'
import {
  admin,
  apiGroup,
  assertProblem,
  nothingWritten,
  snapshotTables,
  assertContract,
  expectStatus,
  external,
  member,
  tokenFor,
} from './_support.js'
import { publishedPost, seedWorld } from './_fixtures.js'

/**
 * Round 2 of issue 14: blocking and reports, the My posts / Liked / Top
 * feeds, editing, deleting and sharing posts, deleting and liking
 * comments, and "liked by" — each by the web app's own rules (the owner,
 * another member, an external, an admin; bad input a problem with nothing
 * written), every answer checked against the OpenAPI document.
 */

const ids = (response: ApiResponse) =>
  (response.body().data as { id: string }[]).map((item) => item.id)

async function pendingPost(author: User) {
  const post = await publishedPost(author, 'public')
  await db.from('posts').where('id', post.id).update({ status: 'pending', published_at: null })
  return post
}

async function commentOn(post: Post, author: User, body = 'A comment') {
  const comment = await Comment.create({
    postId: post.id,
    authorId: author.id,
    body,
    likesCount: 0,
    mediaCount: 0,
  })
  await db.from('posts').where('id', post.id).increment('comments_count', 1)
  return comment
}

test.group('API / blocking and reports', (group) => {
  apiGroup(group)

  test('PUT / DELETE /people/:username/block: idempotent, and the profile says so', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner)
    const path = `/api/v1/people/${world.other.username}/block`
    for (let i = 0; i < 2; i++) {
      const blocked = await client.put(path).bearerToken(secret)
      expectStatus(blocked, 200)
      assertContract(assert, blocked, 'api.people.block')
      assert.deepEqual(blocked.body(), { blocked: true })
    }
    const rows = await db.from('blocks').where('blocker_id', world.owner.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].blocked_id, world.other.id)
    const profile = await client.get(`/api/v1/people/${world.other.username}`).bearerToken(secret)
    assert.isTrue(profile.body().blockedByMe)
    // Their posts are gone from the owner's team feed, as on the web.
    const feed = await client.get('/api/v1/feeds/team').bearerToken(secret)
    assert.notInclude(ids(feed), String(world.post.id))

    for (let i = 0; i < 2; i++) {
      const unblocked = await client.delete(path).bearerToken(secret)
      expectStatus(unblocked, 200)
      assertContract(assert, unblocked, 'api.people.unblock')
      assert.deepEqual(unblocked.body(), { blocked: false })
    }
    assert.lengthOf(await db.from('blocks').where('blocker_id', world.owner.id), 0)
  })

  test('blocking oneself is a 422, an unknown person a 404: nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner)
    const before = await snapshotTables()
    const self = await client
      .put(`/api/v1/people/${world.owner.username}/block`)
      .bearerToken(secret)
    assert.equal(
      assertProblem(assert, self, 422, 'api.people.block').detail,
      'You cannot block yourself.'
    )
    const unknown = await client.put('/api/v1/people/nobody.here/block').bearerToken(secret)
    assertProblem(assert, unknown, 404, 'api.people.block')
    const unknownUnblock = await client
      .delete('/api/v1/people/nobody.here/block')
      .bearerToken(secret)
    assertProblem(assert, unknownUnblock, 404, 'api.people.unblock')
    await nothingWritten(assert, before)
  })

  test('POST /reports: a post and a person, stored pending; a second one is a 409', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner)
    const post = await client
      .post('/api/v1/reports')
      .bearerToken(secret)
      .json({ type: 'post', id: world.post.id, reason: 'spam', details: 'Ads again' })
    expectStatus(post, 201)
    assertContract(assert, post, 'api.reports.store')
    const person = await client
      .post('/api/v1/reports')
      .bearerToken(secret)
      .json({ type: 'user', id: world.other.id, reason: 'harassment' })
    expectStatus(person, 201)
    const rows = await db.from('reports').where('reporter_id', world.owner.id).orderBy('id', 'asc')
    assert.deepEqual(
      rows.map((row) => [row.subject_type, row.subject_id, row.reason, row.status]),
      [
        ['post', world.post.id, 'spam', 'pending'],
        ['user', world.other.id, 'harassment', 'pending'],
      ]
    )
    assert.equal(post.body().id, String(rows[0].id))

    const before = await snapshotTables()
    const again = await client
      .post('/api/v1/reports')
      .bearerToken(secret)
      .json({ type: 'post', id: world.post.id, reason: 'hate' })
    assert.include(
      assertProblem(assert, again, 409, 'api.reports.store').detail,
      'already reported'
    )
    await nothingWritten(assert, before)
  })

  test('POST /reports refuses oneself, one’s own post, the unseen and bad input: nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const own = await publishedPost(world.owner)
    const stranger = await member()
    await block(stranger, world.owner)
    const { secret } = await tokenFor(world.owner)
    const before = await snapshotTables()
    const send = (body: Record<string, unknown>) =>
      client.post('/api/v1/reports').bearerToken(secret).json(body)

    const self = await send({ type: 'user', id: world.owner.id, reason: 'spam' })
    assert.equal(
      assertProblem(assert, self, 422, 'api.reports.store').detail,
      'You cannot report yourself.'
    )
    const ownPost = await send({ type: 'post', id: own.id, reason: 'spam' })
    assert.equal(
      assertProblem(assert, ownPost, 422, 'api.reports.store').detail,
      'You cannot report your own post.'
    )
    // Someone who blocked the owner, and a post that does not exist: not found.
    assertProblem(
      assert,
      await send({ type: 'user', id: stranger.id, reason: 'spam' }),
      404,
      'api.reports.store'
    )
    assertProblem(
      assert,
      await send({ type: 'post', id: 999999, reason: 'spam' }),
      404,
      'api.reports.store'
    )
    const bad = await send({ type: 'comment', id: 'x', reason: 'boredom' })
    const problem = assertProblem(assert, bad, 422, 'api.reports.store')
    assert.includeMembers(
      (problem.errors ?? []).map((error) => error.field),
      ['type', 'id', 'reason']
    )
    await nothingWritten(assert, before)
  })
})

test.group('API / my posts, liked posts, top posts', (group) => {
  apiGroup(group)

  test('GET /feeds/mine: the owner’s posts of every status, in pages; nobody else’s', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const pending = await pendingPost(world.owner)
    for (let i = 0; i < PAGE_SIZE; i++) await publishedPost(world.owner)
    const { secret } = await tokenFor(world.owner, ['read'])
    const first = await client.get('/api/v1/feeds/mine').bearerToken(secret)
    expectStatus(first, 200)
    assertContract(assert, first, 'api.feeds.mine')
    assert.lengthOf(first.body().data, PAGE_SIZE)
    const next = first.body().links.next as string
    assert.match(next, /^\/api\/v1\/feeds\/mine\?cursor=\d+$/)
    const second = await client.get(next).bearerToken(secret)
    assertContract(assert, second, 'api.feeds.mine')
    assert.deepEqual(ids(second), [String(pending.id)])
    assert.equal(second.body().data[0].status, 'pending')
    assert.isNull(second.body().links.next)
    assert.notInclude([...ids(first), ...ids(second)], String(world.post.id))
  })

  test('GET /feeds/liked: what the owner liked, the latest like first; not across a block', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const third = await member()
    const second = await publishedPost(third)
    const { secret } = await tokenFor(world.owner)
    expectStatus(await client.put(`/api/v1/posts/${world.post.id}/like`).bearerToken(secret), 200)
    expectStatus(await client.put(`/api/v1/posts/${second.id}/like`).bearerToken(secret), 200)
    // The second like a moment later than the first.
    await db
      .from('post_likes')
      .where('post_id', world.post.id)
      .update({ created_at: DateTime.now().minus({ minutes: 5 }).toSQL({ includeOffset: false }) })
    const liked = await client.get('/api/v1/feeds/liked').bearerToken(secret)
    expectStatus(liked, 200)
    assertContract(assert, liked, 'api.feeds.liked')
    assert.deepEqual(ids(liked), [String(second.id), String(world.post.id)])
    assert.isTrue(liked.body().data[0].liked)

    await block(third, world.owner)
    const after = await client.get('/api/v1/feeds/liked').bearerToken(secret)
    assert.deepEqual(ids(after), [String(world.post.id)])
    const someoneElse = await tokenFor(world.other, ['read'])
    const theirs = await client.get('/api/v1/feeds/liked').bearerToken(someoneElse.secret)
    assert.deepEqual(ids(theirs), [])

    const bad = await client.get('/api/v1/feeds/liked?cursor=not-a-cursor').bearerToken(secret)
    assertProblem(assert, bad, 400, 'api.feeds.liked')
  })

  test('GET /feeds/top: liked and commented posts the owner may see, one page', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const publicPost = await publishedPost(world.other, 'public')
    await commentOn(publicPost, world.owner)
    const likes = await tokenFor(world.owner)
    for (const post of [world.post, publicPost]) {
      expectStatus(await client.put(`/api/v1/posts/${post.id}/like`).bearerToken(likes.secret), 200)
    }
    await publishedPost(world.other) // neither liked nor commented: not top
    const top = await client.get('/api/v1/feeds/top').bearerToken(likes.secret)
    expectStatus(top, 200)
    assertContract(assert, top, 'api.feeds.top')
    // Both have a like and a comment; the older team post ranks by the same score, newer first.
    assert.sameMembers(ids(top), [String(world.post.id), String(publicPost.id)])
    assert.equal(top.body().windowDays, 30)
    assert.equal(top.body().limit, 50)
    assert.isNull(top.body().links.next)

    // An external sees no team post there, as on the web.
    const outsider = await external()
    const { secret } = await tokenFor(outsider, ['read'])
    const theirs = await client.get('/api/v1/feeds/top').bearerToken(secret)
    expectStatus(theirs, 200)
    assert.deepEqual(ids(theirs), [String(publicPost.id)])
  })
})

test.group('API / editing, deleting and sharing posts', (group) => {
  apiGroup(group)

  test('PUT /posts/:id: the author edits; anyone else (an admin too) gets 403, nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const own = await publishedPost(world.owner)
    const { secret } = await tokenFor(world.owner)
    const edited = await client
      .put(`/api/v1/posts/${own.id}`)
      .bearerToken(secret)
      .json({ body: 'Edited <b>through</b> the API', audience: 'team' })
    expectStatus(edited, 200)
    assertContract(assert, edited, 'api.posts.update')
    assert.equal(edited.body().post.bodyText, 'Edited through the API')
    assert.equal(edited.body().post.status, 'published')
    const row = await db.from('posts').where('id', own.id).first()
    assert.equal(row.body_text, 'Edited through the API')

    const intruders = [await tokenFor(world.other), await tokenFor(await admin())]
    const before = await snapshotTables()
    for (const token of intruders) {
      const refused = await client
        .put(`/api/v1/posts/${own.id}`)
        .bearerToken(token.secret)
        .json({ body: 'Not yours', audience: 'team' })
      assertProblem(assert, refused, 403, 'api.posts.update')
    }
    const missing = await client
      .put('/api/v1/posts/999999')
      .bearerToken(secret)
      .json({ body: 'Nothing there', audience: 'team' })
    assertProblem(assert, missing, 404, 'api.posts.update')
    const bad = await client
      .put(`/api/v1/posts/${own.id}`)
      .bearerToken(secret)
      .json({ body: '', audience: 'everyone' })
    const problem = assertProblem(assert, bad, 422, 'api.posts.update')
    assert.include(
      (problem.errors ?? []).map((error) => error.field),
      'audience'
    )
    await nothingWritten(assert, before)
  })

  test('DELETE /posts/:id: the author, or an admin (audited); another member gets 403', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const own = await publishedPost(world.owner)
    const before = await snapshotTables()
    const otherToken = await tokenFor(world.other)
    const refused = await client.delete(`/api/v1/posts/${own.id}`).bearerToken(otherToken.secret)
    assertProblem(assert, refused, 403, 'api.posts.destroy')
    await nothingWritten(assert, before)

    const { secret } = await tokenFor(world.owner)
    const deleted = await client.delete(`/api/v1/posts/${own.id}`).bearerToken(secret)
    expectStatus(deleted, 200)
    assertContract(assert, deleted, 'api.posts.destroy')
    const deletedRow = await db.from('posts').where('id', own.id).first()
    assert.isNotNull(deletedRow.deleted_at)
    const gone = await client.get(`/api/v1/posts/${own.id}`).bearerToken(secret)
    assertProblem(assert, gone, 404, 'api.posts.show')
    assertProblem(
      assert,
      await client.delete(`/api/v1/posts/${own.id}`).bearerToken(secret),
      404,
      'api.posts.destroy'
    )

    const moderator = await admin()
    const adminToken = await tokenFor(moderator)
    const byAdmin = await client
      .delete(`/api/v1/posts/${world.post.id}`)
      .bearerToken(adminToken.secret)
    expectStatus(byAdmin, 200)
    const audit = await db
      .from('audit_logs')
      .where('actor_id', moderator.id)
      .where('action', 'post.delete')
      .first()
    assert.exists(audit, 'the admin’s deletion is audited')
  })

  test('POST /posts/:id/share: a published post of someone else; refusals write nothing', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner)
    const shared = await client
      .post(`/api/v1/posts/${world.post.id}/share`)
      .bearerToken(secret)
      .json({ body: 'Worth a read' })
    expectStatus(shared, 201)
    assertContract(assert, shared, 'api.posts.share')
    assert.isTrue(shared.body().post.isShare)
    assert.equal(shared.body().post.original.id, String(world.post.id))
    assert.equal(shared.body().post.bodyText, 'Worth a read')
    assert.equal(shared.body().shares, 1)
    assert.equal(shared.header('location'), `/api/v1/posts/${shared.body().post.id}`)

    const own = await publishedPost(world.owner)
    const pending = await pendingPost(world.other)
    const outsider = await tokenFor(await external())
    const before = await snapshotTables()
    const ownShare = await client.post(`/api/v1/posts/${own.id}/share`).bearerToken(secret).json({})
    assertProblem(assert, ownShare, 422, 'api.posts.share')
    // Someone else's pending post is not visible to the owner: not found.
    assertProblem(
      assert,
      await client.post(`/api/v1/posts/${pending.id}/share`).bearerToken(secret).json({}),
      404,
      'api.posts.share'
    )
    const tooLong = await client
      .post(`/api/v1/posts/${world.post.id}/share`)
      .bearerToken(secret)
      .json({ body: 'x'.repeat(5001) })
    assert.include(
      (assertProblem(assert, tooLong, 422, 'api.posts.share').errors ?? []).map((e) => e.field),
      'body'
    )
    // An external does not see a team post.
    assertProblem(
      assert,
      await client
        .post(`/api/v1/posts/${world.post.id}/share`)
        .bearerToken(outsider.secret)
        .json({}),
      404,
      'api.posts.share'
    )
    await nothingWritten(assert, before)
  })
})

test.group('API / deleting and liking comments, liked by', (group) => {
  apiGroup(group)

  test('DELETE /comments/:id: its author, the post’s author or an admin; others 403', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const third = await member()
    const mine = await commentOn(world.post, world.owner)
    const before = await snapshotTables()
    const thirdToken = await tokenFor(third)
    for (const id of [mine.id, world.commentId]) {
      const refused = await client.delete(`/api/v1/comments/${id}`).bearerToken(thirdToken.secret)
      assert.include(
        assertProblem(assert, refused, 403, 'api.comments.destroy').detail,
        'Only the comment’s author'
      )
    }
    await nothingWritten(assert, before)

    const { secret } = await tokenFor(world.owner)
    const deleted = await client.delete(`/api/v1/comments/${mine.id}`).bearerToken(secret)
    expectStatus(deleted, 200)
    assertContract(assert, deleted, 'api.comments.destroy')
    assert.deepEqual(deleted.body(), { deleted: true, commentsCount: 1 })
    assertProblem(
      assert,
      await client.delete(`/api/v1/comments/${mine.id}`).bearerToken(secret),
      404,
      'api.comments.destroy'
    )

    // The post's author deletes a comment of someone else; an admin too.
    const byThird = await commentOn(world.post, third)
    const authorToken = await tokenFor(world.other)
    expectStatus(
      await client.delete(`/api/v1/comments/${byThird.id}`).bearerToken(authorToken.secret),
      200
    )
    const adminToken = await tokenFor(await admin())
    const byAdmin = await client
      .delete(`/api/v1/comments/${world.commentId}`)
      .bearerToken(adminToken.secret)
    expectStatus(byAdmin, 200)
    assert.equal(byAdmin.body().commentsCount, 0)
  })

  test('PUT / DELETE /comments/:id/like: idempotent; unseen 404, unpublished 409', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner)
    const path = `/api/v1/comments/${world.commentId}/like`
    for (let i = 0; i < 2; i++) {
      const liked = await client.put(path).bearerToken(secret)
      expectStatus(liked, 200)
      assertContract(assert, liked, 'api.comments.like')
      assert.deepEqual(liked.body(), { liked: true, likes: 1 })
    }
    for (let i = 0; i < 2; i++) {
      const unliked = await client.delete(path).bearerToken(secret)
      expectStatus(unliked, 200)
      assertContract(assert, unliked, 'api.comments.unlike')
      assert.deepEqual(unliked.body(), { liked: false, likes: 0 })
    }

    const pending = await pendingPost(world.owner)
    const onPending = await commentOn(pending, world.owner)
    const before = await snapshotTables()
    assertProblem(
      assert,
      await client.put(`/api/v1/comments/${onPending.id}/like`).bearerToken(secret),
      409,
      'api.comments.like'
    )
    assertProblem(
      assert,
      await client.put('/api/v1/comments/999999/like').bearerToken(secret),
      404,
      'api.comments.like'
    )
    await nothingWritten(assert, before)
    // Across a block the comment is out of sight.
    await block(world.other, world.owner)
    const blockedBefore = await snapshotTables()
    assertProblem(assert, await client.put(path).bearerToken(secret), 404, 'api.comments.like')
    await nothingWritten(assert, blockedBefore)
  })

  test('GET /posts/:id/likes and /comments/:id/likes: who liked it, people the owner may see', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const fan = await member()
    const hidden = await member()
    for (const user of [world.owner, fan, hidden]) {
      const { secret } = await tokenFor(user)
      expectStatus(await client.put(`/api/v1/posts/${world.post.id}/like`).bearerToken(secret), 200)
      expectStatus(
        await client.put(`/api/v1/comments/${world.commentId}/like`).bearerToken(secret),
        200
      )
    }
    await block(world.owner, hidden)
    const { secret } = await tokenFor(world.owner, ['read'])
    for (const [path, name] of [
      [`/api/v1/posts/${world.post.id}/likes`, 'api.posts.likers'],
      [`/api/v1/comments/${world.commentId}/likes`, 'api.comments.likers'],
    ]) {
      const likers = await client.get(path).bearerToken(secret)
      expectStatus(likers, 200)
      assertContract(assert, likers, name)
      const people = (likers.body().data as { person: { id: string } }[]).map((l) => l.person.id)
      assert.sameMembers(people, [String(world.owner.id), String(fan.id)])
      assert.isNull(likers.body().links.next)
      assert.notInclude(likers.text(), fan.email)
    }
    const outsider = await tokenFor(await external(), ['read'])
    assertProblem(
      assert,
      await client.get(`/api/v1/posts/${world.post.id}/likes`).bearerToken(outsider.secret),
      404,
      'api.posts.likers'
    )
    assertProblem(
      assert,
      await client.get(`/api/v1/comments/${world.commentId}/likes`).bearerToken(outsider.secret),
      404,
      'api.comments.likers'
    )
    assertProblem(
      assert,
      await client.get(`/api/v1/posts/${world.post.id}/likes?cursor=zzz`).bearerToken(secret),
      400,
      'api.posts.likers'
    )
  })
})

test.group('API / admin: the moderation queue', (group) => {
  apiGroup(group)

  test('GET /admin/moderation and POST /admin/moderation/decisions: approve, reject with a reason', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const first = await pendingPost(world.other)
    const second = await pendingPost(world.other)
    const moderator = await admin()
    const { secret } = await tokenFor(moderator, ['admin'])
    const queue = await client.get('/api/v1/admin/moderation').bearerToken(secret)
    expectStatus(queue, 200)
    assertContract(assert, queue, 'api.admin.moderation.index')
    assert.deepEqual(ids(queue), [String(first.id), String(second.id)])
    assert.equal(queue.body().pendingCount, 2)

    const approved = await client
      .post('/api/v1/admin/moderation/decisions')
      .bearerToken(secret)
      .json({ ids: [first.id], decision: 'approve' })
    expectStatus(approved, 200)
    assertContract(assert, approved, 'api.admin.moderation.decide')
    assert.deepEqual(approved.body(), { decided: [String(first.id)], skipped: [] })
    const rejected = await client
      .post('/api/v1/admin/moderation/decisions')
      .bearerToken(secret)
      .json({ ids: [first.id, second.id], decision: 'reject', reason: 'Off topic' })
    expectStatus(rejected, 200)
    assert.deepEqual(rejected.body(), { decided: [String(second.id)], skipped: [String(first.id)] })
    const rows = await db.from('posts').whereIn('id', [first.id, second.id]).orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.status, row.rejection_reason]),
      [
        ['published', null],
        ['rejected', 'Off topic'],
      ]
    )
    const audits = await db.from('audit_logs').where('actor_id', moderator.id).orderBy('id')
    assert.deepEqual(
      audits.map((row) => row.action),
      ['post.approve', 'post.reject']
    )
  })

  test('the back office refuses members, read/write tokens and bad input: nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const pending = await pendingPost(world.other)
    const moderator = await admin()
    const memberToken = await tokenFor(world.owner, ['read', 'write', 'admin'])
    const adminWithoutScope = await tokenFor(moderator, ['read', 'write'])
    const { secret } = await tokenFor(moderator, ['admin'])
    const before = await snapshotTables()
    for (const token of [memberToken.secret, adminWithoutScope.secret]) {
      assertProblem(
        assert,
        await client.get('/api/v1/admin/moderation').bearerToken(token),
        403,
        'api.admin.moderation.index'
      )
      assertProblem(
        assert,
        await client
          .post('/api/v1/admin/moderation/decisions')
          .bearerToken(token)
          .json({ ids: [pending.id], decision: 'approve' }),
        403,
        'api.admin.moderation.decide'
      )
    }
    const decide = (body: Record<string, unknown>) =>
      client.post('/api/v1/admin/moderation/decisions').bearerToken(secret).json(body)
    const noReason = assertProblem(
      assert,
      await decide({ ids: [pending.id], decision: 'reject' }),
      422,
      'api.admin.moderation.decide'
    )
    assert.deepEqual(
      (noReason.errors ?? []).map((error) => error.field),
      ['reason']
    )
    const bad = assertProblem(
      assert,
      await decide({ ids: [], decision: 'maybe' }),
      422,
      'api.admin.moderation.decide'
    )
    assert.includeMembers(
      (bad.errors ?? []).map((error) => error.field),
      ['ids', 'decision']
    )
    const missing = await decide({ ids: [pending.id, 999999], decision: 'approve' })
    assert.include(
      assertProblem(assert, missing, 404, 'api.admin.moderation.decide').detail,
      'Nothing was changed'
    )
    await nothingWritten(assert, before)
  })
})

test.group('API / admin: the reports queue', (group) => {
  apiGroup(group)

  async function report(reporter: User, subject: { type: 'post' | 'user'; id: number }) {
    return Report.create({
      reporterId: reporter.id,
      subjectType: subject.type,
      subjectId: subject.id,
      reason: 'spam',
      details: 'Selling things',
      status: 'pending',
    })
  }

  test('GET /admin/reports lists targets by tab; GET one shows every report', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const [first, second] = await Promise.all([member(), member()])
    await report(first, { type: 'post', id: world.post.id })
    await report(second, { type: 'post', id: world.post.id })
    await report(first, { type: 'user', id: world.other.id })
    const moderator = await admin()
    const { secret } = await tokenFor(moderator, ['admin'])

    const open = await client.get('/api/v1/admin/reports').bearerToken(secret)
    expectStatus(open, 200)
    assertContract(assert, open, 'api.admin.reports.index')
    const body = open.body()
    assert.equal(body.status, 'open')
    assert.deepEqual(body.counts, { open: 2, resolved: 0, dismissed: 0 })
    assert.deepEqual(
      body.data.map((row: any) => [row.subjectType, row.subjectId, row.reportCount]),
      [
        ['user', String(world.other.id), 1],
        ['post', String(world.post.id), 2],
      ]
    )
    const postGroup = body.data[1]
    assert.equal(postGroup.post.id, String(world.post.id))
    assert.equal(postGroup.person.username, world.other.username)
    assert.deepEqual(postGroup.reasons, [
      { reason: 'spam', label: postGroup.reasons[0].label, count: 2 },
    ])
    assert.isTrue(postGroup.actions.removePost)

    const dismissed = await client.get('/api/v1/admin/reports?status=dismissed').bearerToken(secret)
    expectStatus(dismissed, 200)
    assert.deepEqual(dismissed.body().data, [])

    const one = await client.get(`/api/v1/admin/reports/post/${world.post.id}`).bearerToken(secret)
    expectStatus(one, 200)
    assertContract(assert, one, 'api.admin.reports.show')
    assert.deepEqual(
      one.body().reports.map((row: any) => row.reporter.username),
      [second.username, first.username]
    )
    assert.equal(one.body().reports[0].details, 'Selling things')
    assert.notProperty(one.body().reports[0].reporter, 'email')
  })

  test('POST …/decision: review, then resolve by removing the post; reporters are told; audited', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const reporter = await member()
    await report(reporter, { type: 'post', id: world.post.id })
    const moderator = await admin()
    const { secret } = await tokenFor(moderator, ['admin'])
    const decide = (body: Record<string, unknown>) =>
      client
        .post(`/api/v1/admin/reports/post/${world.post.id}/decision`)
        .bearerToken(secret)
        .json(body)

    const reviewed = await decide({ decision: 'review', notes: 'Looking' })
    expectStatus(reviewed, 200)
    assertContract(assert, reviewed, 'api.admin.reports.decide')
    assert.deepEqual(reviewed.body(), {
      decision: 'review',
      action: 'none',
      reports: 1,
      message: 'Marked as reviewed.',
    })
    const again = await decide({ decision: 'review' })
    assert.include(
      assertProblem(assert, again, 409, 'api.admin.reports.decide').detail,
      'waiting for review'
    )

    const resolved = await decide({ decision: 'resolve', action: 'remove_post', notes: 'Spam' })
    expectStatus(resolved, 200)
    assert.equal(resolved.body().action, 'remove_post')
    const post = await db.from('posts').where('id', world.post.id).firstOrFail()
    assert.isNotNull(post.deleted_at)
    const row = await db.from('reports').where('subject_id', world.post.id).firstOrFail()
    assert.equal(row.status, 'resolved')
    assert.equal(Number(row.moderator_id), moderator.id)
    const told = await db
      .from('notifications')
      .where('user_id', reporter.id)
      .where('kind', 'report_resolved')
      .count('* as total')
    assert.equal(Number(told[0].total), 1)
    const audits = await db.from('audit_logs').where('actor_id', moderator.id).orderBy('id')
    assert.deepEqual(
      audits.map((entry) => entry.action),
      ['report.review', 'post.delete', 'report.resolve']
    )

    // Decided already: 409, nothing written.
    const before = await snapshotTables()
    const late = await decide({ decision: 'dismiss' })
    assert.include(
      assertProblem(assert, late, 409, 'api.admin.reports.decide').detail,
      'already decided'
    )
    await nothingWritten(assert, before)
  })

  test('the reports queue refuses members, tokens without `admin`, and bad input: nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    await report(await member(), { type: 'post', id: world.post.id })
    const moderator = await admin()
    const memberToken = await tokenFor(world.owner, ['read', 'write', 'admin'])
    const adminWithoutScope = await tokenFor(moderator, ['read', 'write'])
    const { secret } = await tokenFor(moderator, ['admin'])
    const path = `/api/v1/admin/reports/post/${world.post.id}`
    const before = await snapshotTables()
    for (const token of [memberToken.secret, adminWithoutScope.secret]) {
      assertProblem(
        assert,
        await client.get('/api/v1/admin/reports').bearerToken(token),
        403,
        'api.admin.reports.index'
      )
      assertProblem(
        assert,
        await client.get(path).bearerToken(token),
        403,
        'api.admin.reports.show'
      )
      assertProblem(
        assert,
        await client.post(`${path}/decision`).bearerToken(token).json({ decision: 'dismiss' }),
        403,
        'api.admin.reports.decide'
      )
    }
    const decide = (body: Record<string, unknown>, at = path) =>
      client.post(`${at}/decision`).bearerToken(secret).json(body)
    const bad = assertProblem(
      assert,
      await decide({ decision: 'maybe', action: 'explode' }),
      422,
      'api.admin.reports.decide'
    )
    assert.includeMembers(
      (bad.errors ?? []).map((error) => error.field),
      ['decision', 'action']
    )
    const badTab = assertProblem(
      assert,
      await client.get('/api/v1/admin/reports?status=all').bearerToken(secret),
      422,
      'api.admin.reports.index'
    )
    assert.deepEqual(
      (badTab.errors ?? []).map((error) => error.field),
      ['status']
    )
    // Nobody reported this person: 404; an unknown kind of target: the API's 404.
    assertProblem(
      assert,
      await decide({ decision: 'dismiss' }, `/api/v1/admin/reports/user/${world.owner.id}`),
      404,
      'api.admin.reports.decide'
    )
    const unknown = await client
      .get(`/api/v1/admin/reports/comment/${world.commentId}`)
      .bearerToken(secret)
    expectStatus(unknown, 404)
    await nothingWritten(assert, before)
  })

  test('resolving with an action that no longer applies: 422, nothing changed', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    await report(await member(), { type: 'post', id: world.post.id })
    await db.from('posts').where('id', world.post.id).update({ deleted_at: dbNow() })
    const moderator = await admin()
    const { secret } = await tokenFor(moderator, ['admin'])
    const before = await snapshotTables()
    const gone = await client
      .post(`/api/v1/admin/reports/post/${world.post.id}/decision`)
      .bearerToken(secret)
      .json({ decision: 'resolve', action: 'remove_post' })
    assert.include(
      assertProblem(assert, gone, 422, 'api.admin.reports.decide').detail,
      'already gone'
    )
    await nothingWritten(assert, before)
  })
})
