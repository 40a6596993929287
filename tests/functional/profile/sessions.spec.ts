import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
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

test.group('Profile / sign out other devices', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())
  group.each.setup(() => limiter.clear())

  test('guest cannot sign out devices', async ({ client }) => {
    const response = await client.post('/profile/sessions/others').withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member signs out every other device and keeps the current one', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const someoneElse = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    const phone = await otherDeviceSession(user)
    const unrelated = await otherDeviceSession(someoneElse)
    const request = client
      .post('/profile/sessions/others')
      .withCsrfToken()
      .loginAs(user)
      .form({ current_password: TEST_PASSWORD })
      .redirects(0)
    await tagSession(request.sessionClient.sessionId, user)
    const response = await request

    response.assertStatus(302)
    response.assertHeader('location', '/profile')
    response.assertFlashMessage(
      'success',
      'Signed out of 2 other devices. This one stays signed in.'
    )
    response.assertSession('auth_web', user.id)
    assert.isFalse(await sessionExists(laptop))
    assert.isFalse(await sessionExists(phone))
    assert.isTrue(await sessionExists(unrelated))
  })

  test("the current device's remember-me token is kept, the others are deleted", async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const current = await User.rememberMeTokens.create(user, '30 days')
    await User.rememberMeTokens.create(user, '30 days')
    await User.rememberMeTokens.create(user, '30 days')
    const response = await client
      .post('/profile/sessions/others')
      .withCsrfToken()
      .loginAs(user)
      .withEncryptedCookie('remember_web', current.value!.release())
      .form({ current_password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    const left = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.deepEqual(
      left.map((row) => String(row.id)),
      [String(current.identifier)]
    )
  })

  test('a wrong password signs out nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    const response = await client
      .post('/profile/sessions/others')
      .withCsrfToken()
      .loginAs(user)
      .form({ current_password: 'not-my-password' })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      current_password: 'The password is incorrect (4 attempts left).',
    })
    assert.isTrue(await sessionExists(laptop))
  })

  test('a missing password is a validation error', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    const response = await client
      .post('/profile/sessions/others')
      .withCsrfToken()
      .loginAs(user)
      .form({})
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').current_password, [
      'Enter your current password.',
    ])
    assert.isTrue(await sessionExists(laptop))
  })
})
