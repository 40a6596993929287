import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { apiGroup, assertContract, expectStatus, problemOf, tokenFor } from './_support.js'
import {
  bodyFor,
  ENDPOINTS,
  seedWorld,
  worldFor,
  type ApiWorld,
  type Endpoint,
} from './_fixtures.js'

/**
 * The door of the public API (issue 14 §Proof): every endpoint × no token,
 * a malformed, an expired, a revoked token, a token without the scope, an
 * account that may not sign in, a session cookie instead of a token —
 * each answered with problem details, and nothing written — and a valid
 * token, answered as the OpenAPI document says.
 */
const NOT_WRITTEN = ['sessions', 'auth_access_tokens']

function call(client: ApiClient, endpoint: Endpoint, world: ApiWorld, secret?: string) {
  let request = client[endpoint.method](endpoint.path(world))
  if (secret) request = request.bearerToken(secret)
  const body = bodyFor(endpoint, world)
  if (body) request = request.json(body)
  return request
}

async function assertRefused(
  assert: any,
  response: Awaited<ReturnType<typeof call>>,
  endpoint: Endpoint,
  status: number,
  before: Awaited<ReturnType<typeof tableSnapshot>>
) {
  assert.equal(response.status(), status, `${endpoint.name}: ${response.text()}`)
  assert.match(String(response.header('content-type')), /^application\/problem\+json/)
  const problem = problemOf(response)
  assert.equal(problem.status, status)
  assert.isString(problem.detail)
  assert.isUndefined(response.header('set-cookie'), 'no cookie from the API')
  assertContract(assert, response, endpoint.name)
  assert.deepEqual(changedTables(before, await tableSnapshot(NOT_WRITTEN)), [], 'nothing written')
}

test.group('API / access: every endpoint, every way in', (group) => {
  apiGroup(group)

  test('{name}: no token → 401 with WWW-Authenticate')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const before = await tableSnapshot(NOT_WRITTEN)
      const response = await call(client, endpoint, world)
      assert.equal(response.header('www-authenticate'), 'Bearer realm="Huddle API"')
      await assertRefused(assert, response, endpoint, 401, before)
    })

  test('{name}: a malformed or unknown token → 401')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const { secret } = await tokenFor(world.owner, ['read', 'write'])
      const before = await tableSnapshot(NOT_WRITTEN)
      for (const bad of ['hud_nonsense', `${secret}x`, secret.replace(/^hud_/, 'oat_')]) {
        await assertRefused(assert, await call(client, endpoint, world, bad), endpoint, 401, before)
      }
    })

  test('{name}: an expired token → 401')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const { secret, id } = await tokenFor(world.owner, ['read', 'write'], { expiresIn: '1 day' })
      await db
        .from('auth_access_tokens')
        .where('id', id)
        .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
      const before = await tableSnapshot(NOT_WRITTEN)
      await assertRefused(
        assert,
        await call(client, endpoint, world, secret),
        endpoint,
        401,
        before
      )
    })

  test('{name}: a revoked token → 401')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const { secret, id } = await tokenFor(world.owner, ['read', 'write'])
      await db.from('auth_access_tokens').where('id', id).delete()
      const before = await tableSnapshot(NOT_WRITTEN)
      await assertRefused(
        assert,
        await call(client, endpoint, world, secret),
        endpoint,
        401,
        before
      )
    })

  test('{name}: a token without the route’s scope → 403')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      // A read-only token on a write; a write-only token on a read.
      const { secret } = await tokenFor(world.owner, [endpoint.scope === 'read' ? 'write' : 'read'])
      const before = await tableSnapshot(NOT_WRITTEN)
      const response = await call(client, endpoint, world, secret)
      await assertRefused(assert, response, endpoint, 403, before)
      assert.include(problemOf(response).detail, `"${endpoint.scope}" scope`)
    })

  test('{name}: the token of a deactivated account → 401')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const { secret } = await tokenFor(world.owner, ['read', 'write'])
      await db.from('users').where('id', world.owner.id).update({ is_active: false })
      const before = await tableSnapshot(NOT_WRITTEN)
      const response = await call(client, endpoint, world, secret)
      await assertRefused(assert, response, endpoint, 401, before)
      assert.include(problemOf(response).detail, 'deactivated')
    })

  test('{name}: a signed-in session without a token → 401 (no session on the API)')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const before = await tableSnapshot(NOT_WRITTEN)
      let request = client[endpoint.method](endpoint.path(world))
        .loginAs(world.owner)
        .withCsrfToken()
      const body = bodyFor(endpoint, world)
      if (body) request = request.json(body)
      await assertRefused(assert, await request, endpoint, 401, before)
    })

  test('{name}: a valid token → the documented answer, without CSRF token or cookie')
    .with(ENDPOINTS)
    .run(async ({ client, assert }, endpoint) => {
      const world = await worldFor(endpoint)
      const { secret, id } = await tokenFor(world.owner, [endpoint.scope])
      const response = await call(client, endpoint, world, secret)
      assert.equal(response.status(), endpoint.ok, response.text())
      assert.isUndefined(response.header('set-cookie'))
      assert.equal(response.header('ratelimit-limit'), '300')
      assertContract(assert, response, endpoint.name)
      const row = await db.from('auth_access_tokens').where('id', id).first()
      assert.isNotNull(row.last_used_at, 'last used is recorded')
    })
})

test.group('API / access: "last used"', (group) => {
  apiGroup(group)

  const lastUsed = async (id: number) => {
    const row = await db.from('auth_access_tokens').where('id', id).firstOrFail()
    return row.last_used_at
  }
  const timeOf = (value: unknown) =>
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : Date.parse(String(value))

  test('kept to the minute: one write for many requests, a new one a minute later', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret, id } = await tokenFor(world.owner, ['read'])
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
    const first = await lastUsed(id)
    assert.isNotNull(first)
    for (let i = 0; i < 3; i++)
      expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
    assert.equal(timeOf(await lastUsed(id)), timeOf(first), 'no write within the minute')

    const twoMinutesAgo = new Date(Date.now() - 120_000)
    await db.from('auth_access_tokens').where('id', id).update({ last_used_at: twoMinutesAgo })
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
    assert.isAbove(timeOf(await lastUsed(id)), twoMinutesAgo.getTime() + 60_000)
  })

  test('a wrong secret with a real token id is a 401 and leaves "last used" alone', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret, id } = await tokenFor(world.owner, ['read'])
    // The same token id, a well-formed secret that is not this token's.
    const wrong = `${secret.split('.')[0]}.${Buffer.from('x'.repeat(48)).toString('base64url')}`
    const response = await client.get('/api/v1/me').bearerToken(wrong)
    expectStatus(response, 401)
    assert.isNull(await lastUsed(id))
  })
})

test.group('API / access: what stops a token at once', (group) => {
  apiGroup(group)

  const NEW_PASSWORD = 'Lantern-Orbit-Quiet-82!'

  test('changing the password in the profile settings revokes every token', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const { secret: second } = await tokenFor(world.owner, ['write'])
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
    const change = await client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(world.owner)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    change.assertStatus(302)
    change.assertFlashMessage('success', 'Password updated.')
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 401)
    expectStatus(await client.post('/api/v1/notifications/read-all').bearerToken(second), 401)
    const left = await db.from('auth_access_tokens').where('tokenable_id', world.owner.id)
    assert.lengthOf(left, 0)
  })

  test('"sign out other devices" keeps the API tokens', async ({ client }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const response = await client
      .post('/profile/sessions/others')
      .withCsrfToken()
      .loginAs(world.owner)
      .form({ current_password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
  })

  test('requesting the account’s deletion stops its tokens', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(world.owner)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    const me = await client.get('/api/v1/me').bearerToken(secret)
    me.assertStatus(401)
    assert.lengthOf(await db.from('auth_access_tokens').where('tokenable_id', world.owner.id), 0)
  })

  test('an account blocked by an admin is refused at once, and again usable once reactivated', async ({
    client,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    await db.from('users').where('id', world.owner.id).update({ is_active: false })
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 401)
    await db.from('users').where('id', world.owner.id).update({ is_active: true })
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 200)
  })

  test('an account that must change its password gets 403 until it has', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    await db.from('users').where('id', world.owner.id).update({ must_change_password: true })
    const response = await client.get('/api/v1/me').bearerToken(secret)
    response.assertStatus(403)
    assert.include(problemOf(response).detail, 'new password')
  })

  test('the admin scope of a member’s token does not count (only admins’ do)', async ({
    client,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['admin'])
    expectStatus(await client.get('/api/v1/me').bearerToken(secret), 403)
  })
})
