import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { setEnv } from '#tests/helpers/env'
import { block } from '#tests/functional/posts/_support'
import Post from '#models/post'
import { PAGE_SIZE } from '#queries/feeds/cursor'
import { resetAbuseLimit } from '#services/abuse_limits'
import {
  apiGroup,
  assertContract,
  bodyOf,
  expectStatus,
  external,
  problemOf,
  tokenFor,
} from './_support.js'
import { notify, publishedPost, seedWorld } from './_fixtures.js'

/**
 * What the API answers, by the web app's rules (issue 14): other people's
 * private data stays out of reach (404), bad input is a 422 or 400 problem
 * with nothing written, lists page with `links.next`, reads carry an ETag,
 * each token has its rate limit, CORS is closed unless configured.
 */
const IGNORED = ['sessions', 'auth_access_tokens']

test.group('API / reads', (group) => {
  apiGroup(group)

  test('GET /me: the owner with their e-mail; ids as strings, ISO times', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const response = await client.get('/api/v1/me').bearerToken(secret)
    response.assertStatus(200)
    assertContract(assert, response, 'api.me')
    const body = response.body()
    assert.equal(body.id, String(world.owner.id))
    assert.equal(body.email, world.owner.email)
    assert.equal(body.unreadNotifications, 1)
    assert.match(body.createdAt, /^\d{4}-\d\d-\d\dT/)
  })

  test('GET /people/:username: the profile page’s rule; never an e-mail; 404 otherwise', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const response = await client.get(`/api/v1/people/${world.other.username}`).bearerToken(secret)
    response.assertStatus(200)
    assertContract(assert, response, 'api.people.show')
    const body = response.body()
    assert.equal(body.id, String(world.other.id))
    assert.equal(body.username, world.other.username)
    assert.isFalse(body.blockedByMe)
    assert.notInclude(JSON.stringify(body), world.other.email)

    // Unknown, or someone who blocked the owner: 404 problem.
    const missing = await client.get('/api/v1/people/no-such-person').bearerToken(secret)
    missing.assertStatus(404)
    assertContract(assert, missing, 'api.people.show')
    assert.equal(problemOf(missing).status, 404)
    await block(world.other, world.owner)
    const blocked = await client.get(`/api/v1/people/${world.other.username}`).bearerToken(secret)
    blocked.assertStatus(404)

    // The owner blocked them: still visible, flagged.
    const third = await tokenFor(world.other, ['read'])
    const flagged = await client
      .get(`/api/v1/people/${world.owner.username}`)
      .bearerToken(third.secret)
    flagged.assertStatus(200)
    assert.isTrue(flagged.body().blockedByMe)

    // Externals see only what the web shows them.
    const outsider = await external()
    const outsiderToken = await tokenFor(outsider, ['read'])
    const asExternal = await client
      .get(`/api/v1/people/${world.other.username}`)
      .bearerToken(outsiderToken.secret)
    assert.oneOf(asExternal.status(), [200, 404])
    assertContract(assert, asExternal, 'api.people.show')
  })

  test('reads carry an ETag; If-None-Match gets 304 without a body until something changes', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const first = await client.get(`/api/v1/posts/${world.post.id}`).bearerToken(secret)
    first.assertStatus(200)
    const etag = String(first.header('etag'))
    assert.match(etag, /^(W\/)?"/)
    const again = await client
      .get(`/api/v1/posts/${world.post.id}`)
      .bearerToken(secret)
      .header('if-none-match', etag)
    again.assertStatus(304)
    assert.equal(again.text(), '')
    assertContract(assert, again, 'api.posts.show')
    expectStatus(await client.put(`/api/v1/posts/${world.post.id}/like`).bearerToken(secret), 200)
    const changed = await client
      .get(`/api/v1/posts/${world.post.id}`)
      .bearerToken(secret)
      .header('if-none-match', etag)
    changed.assertStatus(200)
    assert.equal(changed.body().counts.likes, 1)
    assert.isTrue(changed.body().liked)
  })

  test('feeds page with links.next and a Link header, newest first', async ({ client, assert }) => {
    const world = await seedWorld()
    for (let index = 0; index < PAGE_SIZE; index++) await publishedPost(world.other, 'public')
    const { secret } = await tokenFor(world.owner, ['read'])
    const first = await client.get('/api/v1/feeds/team').bearerToken(secret)
    first.assertStatus(200)
    assertContract(assert, first, 'api.feeds.team')
    const page = first.body()
    assert.lengthOf(page.data, PAGE_SIZE)
    assert.isString(page.links.next)
    assert.equal(first.header('link'), `<${page.links.next}>; rel="next"`)
    const ids = page.data.map((post: { id: string }) => Number(post.id))
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a)
    )
    const second = await client.get(page.links.next).bearerToken(secret)
    second.assertStatus(200)
    assertContract(assert, second, 'api.feeds.team')
    assert.deepEqual(
      second.body().data.map((post: { id: string }) => Number(post.id)),
      [world.post.id]
    )
    assert.isNull(second.body().links.next)
  })

  test('a bad cursor is a 400 problem', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    for (const path of ['/api/v1/feeds/public', '/api/v1/notifications']) {
      const response = await client.get(path).qs({ cursor: 'abc' }).bearerToken(secret)
      response.assertStatus(400)
      assert.include(problemOf(response).detail, 'cursor')
    }
  })

  test('an external account: no team feed (403), no team post (404), the public feed', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const outsider = await external()
    const publicPost = await publishedPost(world.other, 'public')
    const { secret } = await tokenFor(outsider, ['read', 'write'])
    const team = await client.get('/api/v1/feeds/team').bearerToken(secret)
    team.assertStatus(403)
    assertContract(assert, team, 'api.feeds.team')
    for (const path of [
      `/api/v1/posts/${world.post.id}`,
      `/api/v1/posts/${world.post.id}/comments`,
    ]) {
      const response = await client.get(path).bearerToken(secret)
      response.assertStatus(404)
    }
    const like = await client.put(`/api/v1/posts/${world.post.id}/like`).bearerToken(secret)
    like.assertStatus(404)
    const feed = await client.get('/api/v1/feeds/public').bearerToken(secret)
    feed.assertStatus(200)
    assert.deepEqual(
      feed.body().data.map((post: { id: string }) => post.id),
      [String(publicPost.id)]
    )
    const person = await client
      .get(`/api/v1/people/${world.other.username}/posts`)
      .bearerToken(secret)
    assert.deepEqual(
      person.body().data.map((post: { id: string }) => post.id),
      [String(publicPost.id)]
    )
  })

  test('other people’s private data: someone else’s notification, pending post, a blocker', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const read = await client
      .post(`/api/v1/notifications/${world.othersNotificationId}/read`)
      .bearerToken(secret)
    read.assertStatus(404)
    assertContract(assert, read, 'api.notifications.read')
    const list = await client.get('/api/v1/notifications').bearerToken(secret)
    assert.deepEqual(
      list.body().data.map((item: { id: string }) => item.id),
      [String(world.ownNotificationId)]
    )
    const pending = await Post.create({
      authorId: world.other.id,
      bodyHtml: '<p>Waiting</p>',
      bodyText: 'Waiting',
      audience: 'public',
      status: 'pending',
      sharedPostId: null,
    })
    expectStatus(await client.get(`/api/v1/posts/${pending.id}`).bearerToken(secret), 404)
    await block(world.other, world.owner)
    const profile = await client
      .get(`/api/v1/people/${world.other.username}/posts`)
      .bearerToken(secret)
    profile.assertStatus(404)
    assertContract(assert, profile, 'api.people.posts')
    expectStatus(await client.get(`/api/v1/posts/${world.post.id}`).bearerToken(secret), 404)
    const theirs = await db.from('notifications').where('id', world.othersNotificationId).first()
    assert.isNull(theirs.read_at, 'their notification is still unread')
  })

  test('unknown endpoints and non-numeric ids are 404 problems', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    for (const path of ['/api/v1/posts/abc', '/api/v1/nothing', '/api/v1/posts/1/nothing']) {
      const response = await client.get(path).bearerToken(secret)
      response.assertStatus(404)
      assert.match(String(response.header('content-type')), /^application\/problem\+json/)
    }
  })
})

test.group('API / writes', (group) => {
  apiGroup(group)

  test('POST /posts publishes a team post through the web app’s action', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['write'])
    const response = await client
      .post('/api/v1/posts')
      .bearerToken(secret)
      .json({ body: '<p>Hello <script>alert(1)</script>team</p>', audience: 'team' })
    response.assertStatus(201)
    assertContract(assert, response, 'api.posts.store')
    const { post } = response.body()
    assert.equal(post.status, 'published')
    assert.notInclude(post.bodyHtml, 'script')
    assert.equal(response.header('location'), `/api/v1/posts/${post.id}`)
    const row = await Post.findOrFail(Number(post.id))
    assert.equal(row.authorId, world.owner.id)
  })

  test('an external’s public post waits for moderation, as on the web', async ({
    client,
    assert,
  }) => {
    const outsider = await external()
    const { secret } = await tokenFor(outsider, ['write'])
    const response = await client
      .post('/api/v1/posts')
      .bearerToken(secret)
      .json({ body: 'Hi', audience: 'public' })
    response.assertStatus(201)
    assert.equal(response.body().post.status, 'pending')
    const team = await client
      .post('/api/v1/posts')
      .bearerToken(secret)
      .json({ body: 'Hi', audience: 'team' })
    team.assertStatus(422)
    assert.equal(problemOf(team).errors?.[0].field, 'audience')
  })

  test('bad input: 422 problem with a message per field, nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['write'])
    const before = await tableSnapshot(IGNORED)
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['/api/v1/posts', { body: 'x', audience: 'everyone' }, ['audience']],
      ['/api/v1/posts', { body: 42 }, ['body', 'audience']],
      ['/api/v1/posts', { audience: 'team' }, ['body']],
      ['/api/v1/posts', { body: 'x'.repeat(5001), audience: 'team' }, ['body']],
      [`/api/v1/posts/${world.post.id}/comments`, { body: 'y'.repeat(2001) }, ['body']],
      [`/api/v1/posts/${world.post.id}/comments`, {}, ['body']],
    ]
    for (const [path, body, fields] of cases) {
      const response = await client.post(path).bearerToken(secret).json(body)
      assert.equal(response.status(), 422, `${path} ${JSON.stringify(body).slice(0, 60)}`)
      assertContract(
        assert,
        response,
        path.endsWith('comments') ? 'api.comments.store' : 'api.posts.store'
      )
      const problem = problemOf(response)
      assert.equal(problem.type, 'https://huddle.invalid/problems/validation')
      assert.sameMembers([...new Set(problem.errors!.map((error) => error.field))], fields)
      for (const error of problem.errors!) assert.isAbove(error.message.length, 5)
    }
    const malformed = await client.post('/api/v1/posts').bearerToken(secret).unsafeJson('{"body": ')
    // A truncated JSON body: the body parser's 400, as a problem.
    assert.equal(malformed.status(), 400, malformed.text())
    assertContract(assert, malformed, 'api.posts.store')
    assert.match(String(malformed.header('content-type')), /^application\/problem\+json/)
    assert.deepEqual(changedTables(before, await tableSnapshot(IGNORED)), [])
  })

  test('comments: create and list, oldest first; not on a pending post (409)', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const created = await client
      .post(`/api/v1/posts/${world.post.id}/comments`)
      .bearerToken(secret)
      .json({ body: '  Nice one  ' })
    created.assertStatus(201)
    assertContract(assert, created, 'api.comments.store')
    assert.equal(created.body().comment.body, 'Nice one')
    assert.equal(created.body().commentsCount, 2)
    const list = await client.get(`/api/v1/posts/${world.post.id}/comments`).bearerToken(secret)
    assertContract(assert, list, 'api.comments.index')
    assert.deepEqual(
      list.body().data.map((comment: { body: string }) => comment.body),
      ['First!', 'Nice one']
    )
    const mine = await Post.create({
      authorId: world.owner.id,
      bodyHtml: '<p>Pending</p>',
      bodyText: 'Pending',
      audience: 'public',
      status: 'pending',
      sharedPostId: null,
    })
    const refused = await client
      .post(`/api/v1/posts/${mine.id}/comments`)
      .bearerToken(secret)
      .json({ body: 'Too early' })
    refused.assertStatus(409)
    assertContract(assert, refused, 'api.comments.store')
  })

  test('like and unlike are idempotent and move the counters', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['write'])
    const path = `/api/v1/posts/${world.post.id}/like`
    assert.deepEqual(bodyOf(await client.put(path).bearerToken(secret)), { liked: true, likes: 1 })
    assert.deepEqual(bodyOf(await client.put(path).bearerToken(secret)), { liked: true, likes: 1 })
    const likes = await db.from('post_likes').where('post_id', world.post.id)
    assert.lengthOf(likes, 1)
    assert.deepEqual(bodyOf(await client.delete(path).bearerToken(secret)), {
      liked: false,
      likes: 0,
    })
    assert.deepEqual(bodyOf(await client.delete(path).bearerToken(secret)), {
      liked: false,
      likes: 0,
    })
  })

  test('notifications: unread count, mark one read, mark all read', async ({ client, assert }) => {
    const world = await seedWorld()
    await notify(world.owner, world.other, world.post.id)
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const count = async () =>
      bodyOf(await client.get('/api/v1/notifications/unread-count').bearerToken(secret))
    assert.deepEqual(await count(), { unreadCount: 2 })
    const one = await client
      .post(`/api/v1/notifications/${world.ownNotificationId}/read`)
      .bearerToken(secret)
    assert.deepEqual(one.body(), { unreadCount: 1 })
    const all = await client.post('/api/v1/notifications/read-all').bearerToken(secret)
    assertContract(assert, all, 'api.notifications.read_all')
    assert.deepEqual(all.body(), { unreadCount: 0, marked: 1 })
    assert.deepEqual(await count(), { unreadCount: 0 })
  })
})

test.group('API / limits and CORS', (group) => {
  apiGroup(group)
  group.each.setup(() => {
    const limit = process.env.API_RATE_LIMIT
    const origins = process.env.API_CORS_ORIGINS
    return () => {
      setEnv('API_RATE_LIMIT', limit)
      setEnv('API_CORS_ORIGINS', origins)
    }
  })

  test('each token has its own rate limit: RateLimit-* headers, then 429 with Retry-After', async ({
    client,
    assert,
  }) => {
    setEnv('API_RATE_LIMIT', 3)
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const { secret: other } = await tokenFor(world.owner, ['read'])
    const remaining: string[] = []
    for (let index = 0; index < 3; index++) {
      const response = await client.get('/api/v1/me').bearerToken(secret)
      response.assertStatus(200)
      assert.equal(response.header('ratelimit-limit'), '3')
      assert.equal(response.header('ratelimit-policy'), '3;w=300')
      remaining.push(String(response.header('ratelimit-remaining')))
    }
    assert.deepEqual(remaining, ['2', '1', '0'])
    const refused = await client.get('/api/v1/me').bearerToken(secret)
    refused.assertStatus(429)
    assertContract(assert, refused, 'api.me')
    assert.match(String(refused.header('retry-after')), /^\d+$/)
    assert.equal(refused.header('ratelimit-remaining'), '0')
    assert.include(problemOf(refused).detail, 'too many requests')
    expectStatus(await client.get('/api/v1/me').bearerToken(other), 200)
  })

  test('the web app’s per-user limits apply through the API too', async ({ client, assert }) => {
    const previous = process.env.RATE_LIMIT_LIKES
    setEnv('RATE_LIMIT_LIKES', 2)
    const world = await seedWorld()
    // User ids come back after a rolled back test: start this one's count afresh.
    await resetAbuseLimit('likes', world.owner.id)
    try {
      const { secret } = await tokenFor(world.owner, ['write'])
      const path = `/api/v1/posts/${world.post.id}/like`
      expectStatus(await client.put(path).bearerToken(secret), 200)
      expectStatus(await client.delete(path).bearerToken(secret), 200)
      const refused = await client.put(path).bearerToken(secret)
      refused.assertStatus(429)
      assert.include(problemOf(refused).detail, 'liking very quickly')
      assert.isDefined(refused.header('retry-after'))
    } finally {
      setEnv('RATE_LIMIT_LIKES', previous)
      await resetAbuseLimit('likes', world.owner.id)
    }
  })

  test('CORS is closed by default: no Access-Control-Allow-Origin for another origin', async ({
    client,
    assert,
  }) => {
    setEnv('API_CORS_ORIGINS', undefined)
    const preflight = await client
      .options('/api/v1/me')
      .header('origin', 'https://tools.example.com')
      .header('access-control-request-method', 'GET')
      .header('access-control-request-headers', 'authorization')
    assert.isUndefined(preflight.header('access-control-allow-origin'))
  })

  test('CORS allows the configured origins on the API only, without credentials', async ({
    client,
    assert,
  }) => {
    setEnv('API_CORS_ORIGINS', 'https://tools.example.com, https://bot.example.org/')
    const preflight = await client
      .options('/api/v1/me')
      .header('origin', 'https://bot.example.org')
      .header('access-control-request-method', 'GET')
      .header('access-control-request-headers', 'authorization')
    assert.equal(preflight.header('access-control-allow-origin'), 'https://bot.example.org')
    assert.isUndefined(preflight.header('access-control-allow-credentials'))
    const stranger = await client
      .options('/api/v1/me')
      .header('origin', 'https://evil.example.net')
      .header('access-control-request-method', 'GET')
    assert.isUndefined(stranger.header('access-control-allow-origin'))
    const web = await client
      .options('/profile')
      .header('origin', 'https://tools.example.com')
      .header('access-control-request-method', 'GET')
    assert.isUndefined(web.header('access-control-allow-origin'))
  })
})
