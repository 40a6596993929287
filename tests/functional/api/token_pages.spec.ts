import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { apiGroup, admin, expectStatus, member, tokenFor } from './_support.js'
import { CONFIRMED } from '#tests/functional/admin_people/_support'

/**
 * The token pages (issue 14): Profile/Tokens for everyone signed in (their
 * own tokens: create with the secret shown once, list, revoke) and
 * Settings/ApiTokens for admins (every token, revoke any).
 */
async function tokensOf(user: User) {
  return db.from('auth_access_tokens').where('tokenable_id', user.id)
}

test.group('API tokens / Profile/Tokens', (group) => {
  apiGroup(group)

  test('a guest is sent to sign in', async ({ client }) => {
    const response = await client.get('/profile/tokens').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('lists only one’s own tokens, never a secret or a hash', async ({ client, assert }) => {
    const user = await member()
    const other = await member()
    await tokenFor(user, ['read'], { name: 'Mine' })
    await tokenFor(other, ['read'], { name: 'Theirs' })
    const response = await client.get('/profile/tokens').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Tokens')
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.tokens.map((token: { name: string }) => token.name),
      ['Mine']
    )
    assert.deepEqual(props.tokens[0].scopes, ['read'])
    assert.isNull(props.createdToken)
    assert.deepEqual(props.scopes, ['read', 'write'], 'no admin scope for a member')
    const text = JSON.stringify(props)
    const [row] = await tokensOf(user)
    assert.notInclude(text, row.hash)
    assert.notInclude(text, 'hud_')
  })

  test('creating a token shows its secret once, and the secret works on the API', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const created = await client
      .post('/profile/tokens')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: 'Deploy bot', scopes: ['read', 'write'], expiresInDays: 30 })
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('location', '/profile/tokens')
    const flashed = created.flashMessages() as any
    const secret: string = flashed.createdToken.secret
    assert.match(secret, /^hud_/)
    const [row] = await tokensOf(user)
    assert.equal(row.name, 'Deploy bot')
    assert.deepEqual(JSON.parse(row.abilities), ['read', 'write'])
    assert.isNotNull(row.expires_at)
    assert.notEqual(row.hash, secret)
    const me = await client.get('/api/v1/me').bearerToken(secret)
    me.assertStatus(200)
    assert.equal(me.body().id, String(user.id))
    // The next visit no longer has it.
    const later = await client.get('/profile/tokens').loginAs(user).withInertia()
    assert.isNull((later.inertiaProps as any).createdToken)
    assert.isNotNull((later.inertiaProps as any).tokens[0].lastUsedAt)
  })

  test('bad input: a message per field, nothing written', async ({ client, assert }) => {
    const user = await member()
    for (const form of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything'] },
      { name: 'x', scopes: ['read'], expiresInDays: 3 },
      { name: 'x'.repeat(81), scopes: ['read'] },
      { name: 'x', scopes: ['admin'] },
    ]) {
      const response = await client
        .post('/profile/tokens')
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/profile/tokens')
        .form(form)
        .redirects(0)
      assert.oneOf(response.status(), [302, 303], JSON.stringify(form))
      const errors = response.flashMessages() as any
      assert.isNotEmpty(errors.errorsBag ?? errors.inputErrorsBag, JSON.stringify(form))
    }
    assert.lengthOf(await tokensOf(user), 0)
  })

  test('an admin-scoped token needs the password typed again first; then it is created', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const page = await client.get('/profile/tokens').loginAs(boss).withInertia()
    assert.isTrue(page.inertiaProps.adminNeedsPassword)
    const unconfirmed = await client
      .post('/profile/tokens')
      .loginAs(boss)
      .withCsrfToken()
      .form({ name: 'Ops', scopes: ['admin', 'read'] })
      .redirects(0)
    unconfirmed.assertStatus(302)
    unconfirmed.assertHeader('location', '/confirm-password')
    unconfirmed.assertSession('confirm_intended_url', '/profile/tokens')
    assert.lengthOf(await tokensOf(boss), 0, 'nothing created before the password')
    // Read and write only: no password asked.
    const plain = await client
      .post('/profile/tokens')
      .loginAs(boss)
      .withCsrfToken()
      .form({ name: 'Reader', scopes: ['read', 'write'] })
      .redirects(0)
    plain.assertHeader('location', '/profile/tokens')
    await db.from('auth_access_tokens').where('tokenable_id', boss.id).delete()

    const response = await client
      .post('/profile/tokens')
      .loginAs(boss)
      .withSession(CONFIRMED())
      .withCsrfToken()
      .form({ name: 'Ops', scopes: ['admin', 'read'] })
      .redirects(0)
    response.assertStatus(302)
    const [row] = await tokensOf(boss)
    assert.deepEqual(JSON.parse(row.abilities), ['admin', 'read'])
    assert.isNull(row.expires_at)
  })

  test('revoking one’s token stops it at once; someone else’s is a 404', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const other = await member()
    const mine = await tokenFor(user, ['read'])
    const theirs = await tokenFor(other, ['read'])
    const refused = await client
      .delete(`/profile/tokens/${theirs.id}`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    refused.assertStatus(404)
    expectStatus(await client.get('/api/v1/me').bearerToken(theirs.secret), 200)
    const revoked = await client
      .delete(`/profile/tokens/${mine.id}`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    revoked.assertStatus(302)
    expectStatus(await client.get('/api/v1/me').bearerToken(mine.secret), 401)
    assert.lengthOf(await tokensOf(user), 0)
    const audit = await db.from('audit_logs').where('action', 'token.revoke').first()
    assert.equal(audit.actor_id, user.id)
  })

  test('without the CSRF token nothing is created', async ({ client, assert }) => {
    const user = await member()
    const response = await client
      .post('/profile/tokens')
      .loginAs(user)
      .form({ name: 'x', scopes: ['read'] })
      .redirects(0)
    assert.isAbove(response.status(), 299)
    assert.lengthOf(await tokensOf(user), 0)
  })
})

test.group('API tokens / Settings/ApiTokens (admins)', (group) => {
  apiGroup(group)

  test('members get the 403 page', async ({ client }) => {
    const response = await client
      .get('/admin/tokens')
      .loginAs(await member())
      .withInertia()
    response.assertStatus(403)
  })

  test('admins see every token with its owner, never a secret', async ({ client, assert }) => {
    const boss = await admin()
    const user = await member()
    await tokenFor(user, ['read'], { name: 'Ana’s script' })
    await tokenFor(boss, ['admin'], { name: 'Ops' })
    const response = await client.get('/admin/tokens').loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Settings/ApiTokens')
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.tokens.map((token: any) => [token.name, token.owner.username]),
      [
        ['Ops', boss.username],
        ['Ana’s script', user.username],
      ]
    )
    assert.isNull(props.nextCursor)
    assert.notInclude(JSON.stringify(props), 'hud_')
  })

  test('pages with a cursor, 50 a page', async ({ client, assert }) => {
    const boss = await admin()
    for (let index = 0; index < 51; index++) {
      await User.accessTokens.create(boss, ['read'], { name: `t${index}` })
    }
    const first = await client.get('/admin/tokens').loginAs(boss).withInertia()
    const props = first.inertiaProps as any
    assert.lengthOf(props.tokens, 50)
    assert.isString(props.nextCursor)
    const second = await client
      .get('/admin/tokens')
      .qs({ cursor: props.nextCursor })
      .loginAs(boss)
      .withInertia()
    assert.deepEqual(
      (second.inertiaProps as any).tokens.map((token: any) => token.name),
      ['t0']
    )
  })

  test('an admin revokes anyone’s token: it stops at once', async ({ client, assert }) => {
    const boss = await admin()
    const user = await member()
    const token = await tokenFor(user, ['read'])
    const response = await client
      .delete(`/admin/tokens/${token.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    expectStatus(await client.get('/api/v1/me').bearerToken(token.secret), 401)
    const audit = await db.from('audit_logs').where('action', 'token.revoke').first()
    assert.equal(audit.actor_id, boss.id)
    assert.equal(audit.subject_id, user.id)
  })

  test('a member cannot revoke someone else’s token through the admin route', async ({
    client,
  }) => {
    const user = await member()
    const token = await tokenFor(await member(), ['read'])
    const response = await client
      .delete(`/admin/tokens/${token.id}`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(403)
    expectStatus(await client.get('/api/v1/me').bearerToken(token.secret), 200)
  })
})
