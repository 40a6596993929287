import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { comment } from '#tests/functional/feeds/fixtures'
import { setEnv } from '#tests/helpers/env'
import {
  ABUSE_LIMITS,
  allowedRequests,
  resetAbuseLimit,
  type AbuseLimitName,
} from '#services/abuse_limits'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Issue 16 item 8 (SECURITY.md T11): per-user limits on posts, comments,
 * likes, shares and searches. The (limit + 1)th request of a user is a 429
 * with Retry-After and a message the UI shows; other users are not
 * affected. .env.test raises the limits out of the way of the other suites;
 * each test here sets a small one.
 */
const LIMIT = 3

interface Case {
  label: string
  limit: AbuseLimitName
  request: (
    client: ApiClient,
    user: User,
    world: { postId: number; commentId: number }
  ) => ApiRequest
}

const json = (request: ApiRequest) =>
  request.header('accept', 'application/json').withCsrfToken().redirects(0)

const CASES: Case[] = [
  {
    label: 'POST /posts',
    limit: 'posts',
    request: (client, user) =>
      json(client.post('/posts').form({ body: '<p>Flood</p>', audience: 'team' })).loginAs(user),
  },
  {
    label: 'POST /posts/:id/comments',
    limit: 'comments',
    request: (client, user, world) =>
      json(client.post(`/posts/${world.postId}/comments`).form({ body: 'Flood' })).loginAs(user),
  },
  {
    label: 'POST /posts/:id/like',
    limit: 'likes',
    request: (client, user, world) =>
      json(client.post(`/posts/${world.postId}/like`).json({})).loginAs(user),
  },
  {
    label: 'POST /comments/:id/like',
    limit: 'likes',
    request: (client, user, world) =>
      json(client.post(`/comments/${world.commentId}/like`).json({})).loginAs(user),
  },
  {
    label: 'POST /posts/:id/share',
    limit: 'shares',
    request: (client, user, world) =>
      json(client.post(`/posts/${world.postId}/share`).form({ comment: '' })).loginAs(user),
  },
  {
    label: 'GET /search',
    limit: 'searches',
    request: (client, user) =>
      client.get('/search').qs({ q: 'flood' }).header('accept', 'application/json').loginAs(user),
  },
]

test.group('Security / per-user abuse limits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const saved = Object.values(ABUSE_LIMITS).map((rule) => [rule.envKey, env.get(rule.envKey)])
    for (const rule of Object.values(ABUSE_LIMITS)) setEnv(rule.envKey, LIMIT)
    return () => {
      for (const [key, value] of saved) setEnv(key as string, value as number | undefined)
    }
  })

  async function world() {
    const writer = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: writer.id }).apply('public').create()
    const reply = await comment(writer, post)
    return { postId: post.id, commentId: reply.id }
  }

  async function freshUser() {
    const user = await UserFactory.create()
    // Ids can be reused after a rolled back transaction: start from zero.
    for (const name of Object.keys(ABUSE_LIMITS) as AbuseLimitName[])
      await resetAbuseLimit(name, user.id)
    return user
  }

  for (const { label, limit, request } of CASES) {
    test(`${label} (${limit}): the request after the limit is a 429 with Retry-After and a message`)
      .with([request])
      .run(async ({ client, assert }, send) => {
        const place = await world()
        const user = await freshUser()
        for (let i = 0; i < LIMIT; i++) {
          const response = await send(client, user, place)
          assert.notEqual(response.status(), 429, `request ${i + 1} of ${LIMIT}`)
          assert.isBelow(response.status(), 500)
        }
        const refused = await send(client, user, place)
        refused.assertStatus(429)
        assert.isAbove(Number(refused.header('retry-after')), 0)
        assert.match(refused.body().errors[0].message, /very quickly\. Wait \d+ minutes?/)
        // Someone else is not affected.
        const other = await send(client, await freshUser(), place)
        assert.notEqual(other.status(), 429)
      })
  }

  test('a form post over the limit goes back with the message flashed', async ({
    client,
    assert,
  }) => {
    const user = await freshUser()
    const post = () =>
      client
        .post('/posts')
        .form({ body: '<p>Flood</p>', audience: 'team' })
        .header('referer', '/posts/new')
        .withCsrfToken()
        .withInertia()
        .redirects(0)
        .loginAs(user)
    for (let i = 0; i < LIMIT; i++) {
      const response = await post()
      assert.notEqual(response.status(), 429)
    }
    const refused = await post()
    assert.include([302, 303], refused.status())
    assert.equal(refused.header('location'), '/posts/new')
    refused.assertFlashMessage('error', ABUSE_LIMITS.posts.message('10 minutes'))
  })

  test('a search page visit over the limit shows the 429 page, never a redirect loop', async ({
    client,
    assert,
  }) => {
    const user = await freshUser()
    const visit = () =>
      client
        .get('/search')
        .qs({ q: 'flood' })
        .header('referer', '/search?q=flood')
        .withInertia()
        .redirects(0)
        .loginAs(user)
    for (let i = 0; i < LIMIT; i++) {
      const response = await visit()
      response.assertStatus(200)
    }
    const refused = await visit()
    refused.assertStatus(429)
    assert.equal(refused.body().component, 'Errors/TooManyRequests')
    assert.equal(refused.body().props.message, ABUSE_LIMITS.searches.message('1 minute'))
  })

  test('defaults are generous, and RATE_LIMIT_<NAME> overrides them', ({ assert }) => {
    setEnv('RATE_LIMIT_POSTS', undefined)
    assert.equal(allowedRequests(ABUSE_LIMITS.posts), 30)
    assert.equal(ABUSE_LIMITS.posts.duration, '10 mins')
    assert.isAtLeast(ABUSE_LIMITS.comments.requests, 60)
    assert.isAtLeast(ABUSE_LIMITS.likes.requests, 120)
    assert.isAtLeast(ABUSE_LIMITS.searches.requests, 120)
    setEnv('RATE_LIMIT_POSTS', 7)
    assert.equal(allowedRequests(ABUSE_LIMITS.posts), 7)
  })
})
