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
} from '#tests/functional/profile/memory_sessions'

test.group('Profile / delete account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())
  group.each.setup(() => limiter.clear())

  test('guest cannot delete an account', async ({ client }) => {
    const response = await client.delete('/profile').withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member schedules deletion, is signed out everywhere and told about the grace period', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const laptop = await otherDeviceSession(user)
    await User.rememberMeTokens.create(user, '30 days')
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ password: TEST_PASSWORD, reason: '  Moving on.  ' })
      .redirects(0)

    response.assertStatus(302)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('auth_web')
    assert.match(
      String(response.flashMessage('success')),
      /scheduled for deletion on .+Reactivate my account/
    )
    await user.refresh()
    assert.isNotNull(user.deletionRequestedAt)
    assert.equal(user.deletionReason, 'Moving on.')
    assert.isNull(user.deletedAt)
    assert.isFalse(await sessionExists(laptop))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
    const log = await db
      .from('audit_logs')
      .where('action', 'account.deletion_requested')
      .where('subject_id', user.id)
    assert.lengthOf(log, 1)
  })

  test('the reason is optional', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    await user.refresh()
    assert.isNotNull(user.deletionRequestedAt)
    assert.isNull(user.deletionReason)
  })

  test('a wrong password deletes nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ password: 'Wrong-pass1!' })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      password: 'The password is incorrect (4 attempts left).',
    })
    response.assertSession('auth_web', user.id)
    await user.refresh()
    assert.isNull(user.deletionRequestedAt)
  })

  test('a missing password or a too long reason is refused', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ reason: 'x'.repeat(501) })
      .redirects(0)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.password, ['Enter your password.'])
    assert.deepEqual(errors.reason, ['The reason must not be longer than 500 characters.'])
    await user.refresh()
    assert.isNull(user.deletionRequestedAt)
  })

  test('the last active admin cannot delete their account', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(admin)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    assert.match(String(response.flashMessage('errorsBag').account), /last active administrator/)
    response.assertSession('auth_web', admin.id)
    await admin.refresh()
    assert.isNull(admin.deletionRequestedAt)
  })

  test('an admin may delete their account when another active admin remains', async ({
    client,
    assert,
  }) => {
    await UserFactory.apply('admin').create()
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(admin)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/login')
    await admin.refresh()
    assert.isNotNull(admin.deletionRequestedAt)
  })

  test('an inactive second admin does not count as a remaining admin', async ({
    client,
    assert,
  }) => {
    await UserFactory.apply('admin').apply('inactive').create()
    const admin = await UserFactory.apply('admin').create()
    await client
      .delete('/profile')
      .withCsrfToken()
      .loginAs(admin)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    await admin.refresh()
    assert.isNull(admin.deletionRequestedAt)
  })

  test('signing in during the grace period offers reactivation', async ({ client }) => {
    const user = await UserFactory.apply('deletionPending').create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ uid: user.email, password: TEST_PASSWORD })
      .redirects(0)
    response.assertSession('reactivate_user_id', user.id)
    response.assertSessionMissing('auth_web')
  })
})
