import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import ChangePassword from '#actions/auth/change_password'
import { authGroup, inputErrors, memorySessions, otherDeviceSession } from './_support.js'

const NEW_PASSWORD = 'Harbour-Quill-35%'

async function passwordIs(user: User, password: string) {
  const fresh = await User.findOrFail(user.id)
  return hash.verify(fresh.password, password)
}

test.group('Auth / forced password change', (group) => {
  authGroup(group)

  test('guest is sent to sign in', async ({ client }) => {
    const response = await client.get('/change-password').redirects(0)
    response.assertHeader('location', '/login')
  })

  test('guest cannot post a new password', async ({ client }) => {
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertHeader('location', '/login')
  })

  test('a user without the flag may also change the password here', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const page = await client.get('/change-password').loginAs(user).withInertia()
    page.assertInertiaPropsContains({ forced: false })
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertHeader('location', '/')
    assert.isTrue(await passwordIs(user, NEW_PASSWORD))
  })

  test('a flagged user is sent to the change page from any other signed-in page', async ({
    client,
  }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    for (const url of ['/public', '/confirm-password']) {
      const response = await client.get(url).loginAs(user).redirects(0)
      response.assertHeader('location', '/change-password')
    }
  })

  test('signing in to a flagged account lands on the change page', async ({ client }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: user.email, password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/change-password')
  })

  test('a flagged user sees the forced variant of the page', async ({ client }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client.get('/change-password').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/ChangePassword')
    response.assertInertiaPropsContains({ forced: true })
  })

  test('a flagged user can still sign out', async ({ client }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client.post('/logout').withCsrfToken().loginAs(user).redirects(0)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('auth_web')
  })

  test('the new password is saved, the flag cleared and other devices signed out', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const otherDevice = await otherDeviceSession(user.id)
    await db.table('remember_me_tokens').insert({
      tokenable_id: user.id,
      hash: 'y'.repeat(64),
      created_at: new Date(),
      updated_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
    })

    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)

    response.assertHeader('location', '/')
    response.assertFlashMessage(
      'success',
      'Your password has been changed. Other devices were signed out.'
    )
    response.assertSession('auth_web', user.id)
    assert.isTrue(await passwordIs(user, NEW_PASSWORD))
    await user.refresh()
    assert.notOk(user.mustChangePassword)
    const sessions = await memorySessions()
    assert.isNull(sessions.read(otherDevice))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })

  test('revoking keeps the current session and ends the others', async ({ assert }) => {
    const user = await UserFactory.create()
    const current = await otherDeviceSession(user.id, 'current-session')
    const other = await otherDeviceSession(user.id, 'other-session')
    await new ChangePassword().handle(user, NEW_PASSWORD, current)
    const sessions = await memorySessions()
    assert.isNotNull(sessions.read(current))
    assert.isNull(sessions.read(other))
    sessions.destroy(current)
  })

  test('a wrong current password is refused and nothing changes', async ({ client, assert }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/change-password')
      .form({
        current_password: 'Not-the-one-1!',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertHeader('location', '/change-password')
    response.assertFlashMessage('errorsBag', {
      current_password: 'The current password is incorrect. 4 attempts left.',
    })
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
    await user.refresh()
    assert.ok(user.mustChangePassword)
  })

  test('the current password cannot be reused', async ({ client, assert }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      })
      .redirects(0)
    response.assertFlashMessage('inputErrorsBag', {
      password: ['The new password must be different from the current one.'],
    })
    await user.refresh()
    assert.ok(user.mustChangePassword)
  })

  test('a weak new password is refused', async ({ client, assert }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: 'Welcome1!',
        password_confirmation: 'Welcome1!',
      })
      .redirects(0)
    assert.match(inputErrors(response).password[0], /too easy to guess/)
    assert.isTrue(await passwordIs(user, TEST_PASSWORD))
  })

  test('a new password built on the username is refused', async ({ client, assert }) => {
    const user = await UserFactory.apply('mustChangePassword')
      .merge({ username: 'marguerite' })
      .create()
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: 'Marguerite7!',
        password_confirmation: 'Marguerite7!',
      })
      .redirects(0)
    assert.match(inputErrors(response).password[0], /too easy to guess/)
  })

  test('after five wrong current passwords the form answers 429', async ({ client }) => {
    const user = await UserFactory.apply('mustChangePassword').create()
    for (let i = 0; i < 5; i++) {
      await client
        .post('/change-password')
        .withCsrfToken()
        .loginAs(user)
        .form({
          current_password: `Nope-${i}`,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
        .redirects(0)
    }
    const response = await client
      .post('/change-password')
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertStatus(429)
  })
})
