import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import {
  clearMemorySessions,
  otherDeviceSession,
  sessionExists,
  tagSession,
} from '#tests/functional/profile/memory_sessions'

const NEW_PASSWORD = 'Lantern-Orbit-Quiet-82!'

test.group('Profile / change password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())
  group.each.setup(() => limiter.clear())

  test('guest cannot change a password', async ({ client }) => {
    const response = await client.put('/profile/password').withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member changes their password and stays signed in', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('success', 'Password updated.')
    response.assertSession('auth_web', user.id)
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))
  })

  test('changing the password signs out the other devices', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    const phone = await otherDeviceSession(user)
    await User.rememberMeTokens.create(user, '30 days')
    const request = client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    await tagSession(request.sessionClient.sessionId, user)
    const response = await request
    response.assertFlashMessage('success', 'Password updated. 2 other devices were signed out.')
    response.assertSession('auth_web', user.id)
    assert.isFalse(await sessionExists(laptop))
    assert.isFalse(await sessionExists(phone))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })

  test('a wrong current password is refused and the password is unchanged', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    const response = await client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/profile')
      .form({
        current_password: 'Wrong-pass1!',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('errorsBag', {
      current_password: 'The password is incorrect (4 attempts left).',
    })
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
    assert.isTrue(await sessionExists(laptop))
  })

  test('repeated wrong current passwords are rate-limited', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const attempt = (current: string) =>
      client
        .put('/profile/password')
        .withCsrfToken()
        .loginAs(user)
        .form({
          current_password: current,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
        .redirects(0)
    for (let i = 0; i < 4; i++) await attempt('Wrong-pass1!')
    const fifth = await attempt('Wrong-pass1!')
    assert.match(
      String(fifth.flashMessage('errorsBag').current_password),
      /^Too many wrong passwords\. Try again in 1[45] minutes\.$/
    )
    // Even the right password is refused while blocked.
    const locked = await attempt(TEST_PASSWORD)
    assert.match(
      String(locked.flashMessage('errorsBag').current_password),
      /^Too many wrong passwords/
    )
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
  })

  test('a weak new password is refused', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: 'password',
        password_confirmation: 'password',
      })
      .redirects(0)
    assert.property(response.flashMessage('inputErrorsBag'), 'password')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
  })

  test('a mismatched confirmation is refused', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile/password')
      .withCsrfToken()
      .loginAs(user)
      .form({
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: 'Something-else-9!',
      })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').password_confirmation, [
      'The two passwords do not match.',
    ])
  })
})
