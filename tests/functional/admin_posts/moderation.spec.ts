import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Post from '#models/post'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { makePost } from '#tests/functional/feeds/fixtures'
import { notificationsOf, recordBroadcasts } from '#tests/functional/notifications/_support'

/**
 * Approving and rejecting pending posts from the admin post pages
 * (POST /admin/posts/:id/approve, /admin/posts/:id/reject; PRODUCT §3).
 */
const admin = () => UserFactory.apply('admin').create()
const member = () => UserFactory.create()
const external = () => UserFactory.apply('external').create()

async function pendingPost(author: User, body = 'Waiting for review') {
  return makePost(author, { audience: 'public', status: 'pending', body })
}

async function auditRows(action: string) {
  const rows = await db.from('audit_logs').where('action', action).select('*')
  return rows.map((row) => ({
    ...row,
    meta: typeof row.meta === 'string' ? JSON.parse(row.meta) : row.meta,
  }))
}

async function publicFeedIds(client: any, viewer: User): Promise<number[]> {
  const response = await client.get('/public').loginAs(viewer).withInertia()
  response.assertStatus(200)
  return response.inertiaProps.posts.data.map((post: { id: number }) => post.id)
}

test.group('Admin posts / moderation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  const broadcasts = recordBroadcasts(group)

  test('guests are sent to the sign-in page, nothing changes', async ({ client, assert }) => {
    const post = await pendingPost(await member())
    for (const action of ['approve', 'reject']) {
      const response = await client
        .post(`/admin/posts/${post.id}/${action}`)
        .withCsrfToken()
        .form({ reason: 'No' })
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
    }
    await post.refresh()
    assert.equal(post.status, 'pending')
  })

  test('members and externals get the 403 page, nothing changes', async ({ client, assert }) => {
    const author = await member()
    const post = await pendingPost(author)
    for (const user of [author, await member(), await external()]) {
      for (const action of ['approve', 'reject']) {
        const response = await client
          .post(`/admin/posts/${post.id}/${action}`)
          .loginAs(user)
          .withCsrfToken()
          .withInertia()
          .form({ reason: 'No' })
        response.assertStatus(403)
        response.assertInertiaComponent('Errors/Forbidden')
      }
    }
    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.lengthOf(await auditRows('post.approve'), 0)
    assert.lengthOf(await auditRows('post.reject'), 0)
  })

  test('approve: published, counted, audited, the author is told, the public feed shows it', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const author = await member()
    const reader = await member()
    const post = await pendingPost(author, 'Hello world')
    assert.notInclude(await publicFeedIds(client, reader), post.id)

    const response = await client
      .post(`/admin/posts/${post.id}/approve`)
      .loginAs(moderator)
      .withCsrfToken()
      .header('referer', `/admin/posts/${post.id}`)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `/admin/posts/${post.id}`)
    response.assertFlashMessage('success', 'The post is approved and published.')

    await post.refresh()
    assert.equal(post.status, 'published')
    assert.isNotNull(post.publishedAt)
    assert.isNull(post.rejectionReason)
    const fresh = await User.findOrFail(author.id)
    assert.equal(fresh.postsCount, 1)

    const [log] = await auditRows('post.approve')
    assert.include(log, { actor_id: moderator.id, subject_type: 'post', subject_id: post.id })
    assert.equal(log.meta.authorId, author.id)

    const [note] = await notificationsOf(author)
    assert.include(note, { kind: 'post_approved', actor_id: moderator.id, target_id: post.id })

    assert.include(await publicFeedIds(client, reader), post.id)
    assert.isAbove(broadcasts.all.length, 0, 'the approved post is announced to the feeds')
  })

  test('approving a share recounts the original’s shares', async ({ client, assert }) => {
    const moderator = await admin()
    const original = await makePost(await member(), { audience: 'public' })
    const share = await makePost(await external(), {
      audience: 'public',
      status: 'pending',
      sharedPost: original,
    })
    await client
      .post(`/admin/posts/${share.id}/approve`)
      .loginAs(moderator)
      .withCsrfToken()
      .redirects(0)
    await original.refresh()
    assert.equal(original.sharesCount, 1)
  })

  test('reject: status and reason, audited, the author is told why; still hidden from others', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const author = await member()
    const reader = await member()
    const post = await pendingPost(author)

    const response = await client
      .post(`/admin/posts/${post.id}/reject`)
      .loginAs(moderator)
      .withCsrfToken()
      .header('referer', '/admin/posts?status=pending')
      .form({ reason: '  Please remove the phone number.  ' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/posts?status=pending')
    response.assertFlashMessage('success', 'The post is rejected; its author was told why.')

    await post.refresh()
    assert.equal(post.status, 'rejected')
    assert.equal(post.rejectionReason, 'Please remove the phone number.')
    assert.isNull(post.publishedAt)

    const [log] = await auditRows('post.reject')
    assert.include(log, { actor_id: moderator.id, subject_id: post.id })
    assert.equal(log.meta.reason, 'Please remove the phone number.')

    const [note] = await notificationsOf(author)
    assert.include(note, { kind: 'post_rejected', actor_id: moderator.id, target_id: post.id })
    assert.equal(note.data.reason, 'Please remove the phone number.')

    assert.notInclude(await publicFeedIds(client, reader), post.id)
    const other = await client.get(`/posts/${post.id}`).loginAs(reader).withInertia()
    other.assertStatus(404)

    // My posts: the author sees the Rejected post with its reason.
    const mine = await client.get('/my/posts').loginAs(author).withInertia()
    const card = mine.inertiaProps.posts.data.find((item: any) => item.id === post.id)
    assert.equal(card.status, 'rejected')
    assert.equal(card.rejectionReason, 'Please remove the phone number.')
  })

  test('approving or rejecting a post that is not pending is refused with a message', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const author = await member()
    const published = await makePost(author, { audience: 'public' })
    const rejected = await makePost(author, { audience: 'public', status: 'rejected' })
    for (const [post, state] of [
      [published, 'already published'],
      [rejected, 'already rejected'],
    ] as const) {
      for (const action of ['approve', 'reject']) {
        const response = await client
          .post(`/admin/posts/${post.id}/${action}`)
          .loginAs(moderator)
          .withCsrfToken()
          .form({ reason: 'Late' })
          .redirects(0)
        response.assertStatus(302)
        response.assertFlashMessage(
          'error',
          `This post is ${state}: only pending posts can be approved or rejected.`
        )
      }
    }
    await published.refresh()
    await rejected.refresh()
    assert.equal(published.status, 'published')
    assert.equal(rejected.status, 'rejected')
    assert.lengthOf(await auditRows('post.approve'), 0)
    assert.lengthOf(await auditRows('post.reject'), 0)
    assert.lengthOf(await notificationsOf(author), 0)
  })

  test('reject without a reason (or too long) → 422 with a message, nothing changes', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const author = await member()
    const post = await pendingPost(author)

    const form = await client
      .post(`/admin/posts/${post.id}/reject`)
      .loginAs(moderator)
      .withCsrfToken()
      .form({ reason: '   ' })
      .redirects(0)
    form.assertStatus(302)
    assert.deepEqual(form.flashMessage('inputErrorsBag').reason, [
      'Give the author a reason for rejecting the post.',
    ])

    for (const body of [{}, { reason: 'x'.repeat(501) }]) {
      const json = await client
        .post(`/admin/posts/${post.id}/reject`)
        .loginAs(moderator)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(body)
      json.assertStatus(422)
      assert.match(json.body().errors[0].message, /Give the author a reason|at most 500 characters/)
    }

    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.isNull(post.rejectionReason)
    assert.lengthOf(await auditRows('post.reject'), 0)
    assert.lengthOf(await notificationsOf(author), 0)
  })

  test('unknown or deleted ids → 404', async ({ client }) => {
    const moderator = await admin()
    const gone = await makePost(await member(), {
      audience: 'public',
      status: 'pending',
      deleted: true,
    })
    for (const id of [999999, gone.id]) {
      for (const action of ['approve', 'reject']) {
        const response = await client
          .post(`/admin/posts/${id}/${action}`)
          .loginAs(moderator)
          .withCsrfToken()
          .withInertia()
          .form({ reason: 'No' })
        response.assertStatus(404)
        response.assertInertiaComponent('Errors/NotFound')
      }
    }
  })

  test('PostModerations/IndexST lists pending posts with the Pending filter', async ({
    client,
    assert,
  }) => {
    const moderator = await admin()
    const author = await member()
    const pending = await pendingPost(author)
    const published = await makePost(author, { audience: 'public' })
    const response = await client
      .get('/admin/moderation/posts?status=pending')
      .loginAs(moderator)
      .withInertia()
    const ids = response.inertiaProps.posts.map((post: { id: number }) => post.id)
    assert.include(ids, pending.id)
    assert.notInclude(ids, published.id)
    const fresh = await Post.findOrFail(pending.id)
    assert.equal(fresh.status, 'pending', 'listing changes nothing')
    const all = await client.get('/admin/moderation/posts').loginAs(moderator).withInertia()
    assert.equal(all.inertiaProps.pendingCount, 1, 'the banner counts the pending posts')
  })
})
