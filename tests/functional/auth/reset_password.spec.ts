import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { generateToken, hashToken } from '#services/tokens'
import { authGroup, inputErrors, memorySessions, otherDeviceSession } from './_support.js'

const NEW_PASSWORD = 'Orchid-Lantern-77?'

async function resetToken(user: User, options: { expiresInMs?: number; usedAt?: Date } = {}) {
  const token = generateToken()
  await db.table('password_reset_tokens').insert({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + (options.expiresInMs ?? 60 * 60 * 1000)),
    used_at: options.usedAt ?? null,
    created_at: new Date(),
  })
  return token
}

async function passwordIs(user: User, password: string) {
  const fresh = await User.findOrFail(user.id)
  return hash.verify(fresh.password, password)
}

test.group('Auth / reset password: page', (group) => {
  authGroup(group)

  test('a valid link shows the form with the address from the link', async ({ client }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user)
    const response = await client
      .get(`/reset-password/${token}?email=${encodeURIComponent(user.email)}`)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/ResetPassword')
    response.assertInertiaPropsContains({ token, email: user.email, linkError: null })
  })

  test('an unknown link shows a clear error', async ({ client, assert }) => {
    const response = await client.get('/reset-password/not-a-token').withInertia()
    assert.match(response.inertiaProps.linkError, /invalid, has expired or was already used/)
  })

  test('an expired link shows a clear error', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user, { expiresInMs: -1000 })
    const response = await client.get(`/reset-password/${token}`).withInertia()
    assert.match(response.inertiaProps.linkError, /invalid, has expired or was already used/)
  })

  test('a used link shows a clear error', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user, { usedAt: new Date() })
    const response = await client.get(`/reset-password/${token}`).withInertia()
    assert.match(response.inertiaProps.linkError, /invalid, has expired or was already used/)
  })

  test('a signed-in user is sent to their landing page', async ({ client }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user)
    const response = await client.get(`/reset-password/${token}`).loginAs(user).redirects(0)
    response.assertHeader('location', '/')
  })
})

test.group('Auth / reset password: submit', (group) => {
  authGroup(group)

  test('a valid link sets the new password, signs out everywhere and sends to sign in', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const token = await resetToken(user)
    const otherDevice = await otherDeviceSession(user.id)
    await db.table('remember_me_tokens').insert({
      tokenable_id: user.id,
      hash: 'x'.repeat(64),
      created_at: new Date(),
      updated_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
    })

    const response = await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)

    response.assertHeader('location', '/login')
    response.assertFlashMessage(
      'success',
      'Your password has been reset and you were signed out everywhere. Sign in with the new password.'
    )
    response.assertSessionMissing('auth_web')
    assert.isTrue(await passwordIs(user, NEW_PASSWORD))
    const fresh = await User.findOrFail(user.id)
    assert.notOk(fresh.mustChangePassword)
    const row = await db.from('password_reset_tokens').where('token_hash', hashToken(token)).first()
    assert.isNotNull(row.used_at)
    const sessions = await memorySessions()
    assert.isNull(sessions.read(otherDevice))
    assert.lengthOf(sessions.tagged(String(user.id)), 0)
    const remembered = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(remembered, 0)
  })

  test('a signed-in user cannot submit a reset', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user)
    const response = await client
      .post('/reset-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertHeader('location', '/')
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
  })

  test('a link works only once', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user)
    await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)

    const again = await client
      .post('/reset-password')
      .withCsrfToken()
      .header('referer', `/reset-password/${token}`)
      .form({
        token,
        email: user.email,
        password: 'Another-Pass-88!',
        password_confirmation: 'Another-Pass-88!',
      })
      .redirects(0)
    again.assertHeader('location', `/reset-password/${token}`)
    again.assertFlashMessage('errorsBag', {
      token:
        'This password reset link is invalid, has expired or was already used. Request a new one.',
    })
    assert.isTrue(await passwordIs(user, NEW_PASSWORD))
  })

  test('an expired link is refused and the password stays', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user, { expiresInMs: -1000 })
    const response = await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      token:
        'This password reset link is invalid, has expired or was already used. Request a new one.',
    })
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
  })

  test('the wrong e-mail address is refused and the link stays usable', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const other = await UserFactory.create()
    const token = await resetToken(user)
    const response = await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: other.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      email: 'This is not the e-mail address the reset link was sent to.',
    })
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
    assert.isTrue(await passwordIs(other, TEST_PASSWORD))
    const row = await db.from('password_reset_tokens').where('token_hash', hashToken(token)).first()
    assert.isNull(row.used_at)
  })

  test('a weak new password is refused and the link stays usable', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await resetToken(user)
    const response = await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: user.email,
        password: 'Password1!',
        password_confirmation: 'Password1!',
      })
      .redirects(0)
    assert.match(inputErrors(response).password[0], /too easy to guess/)
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
    const row = await db.from('password_reset_tokens').where('token_hash', hashToken(token)).first()
    assert.isNull(row.used_at)
  })

  test('missing fields are refused', async ({ client, assert }) => {
    const response = await client.post('/reset-password').withCsrfToken().form({}).redirects(0)
    assert.properties(inputErrors(response), ['token', 'email', 'password'])
  })

  test('the reset also verifies an unverified address', async ({ client, assert }) => {
    const user = await UserFactory.apply('unverified').create()
    const token = await resetToken(user)
    await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    const fresh = await User.findOrFail(user.id)
    assert.isNotNull(fresh.emailVerifiedAt)
  })
})
