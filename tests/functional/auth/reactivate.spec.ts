import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { authGroup, flashed } from './_support.js'

test.group('Auth / reactivate', (group) => {
  authGroup(group)

  test('signing in to an account pending deletion offers reactivation', async ({ client }) => {
    const user = await UserFactory.apply('deletionPending').create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ uid: user.username, password: TEST_PASSWORD })
      .redirects(0)
    response.assertSession('reactivate_user_id', user.id)
    response.assertSessionMissing('auth_web')

    const page = await client
      .get('/login')
      .withSession({ reactivate_user_id: user.id })
      .withInertia()
    page.assertInertiaPropsContains({ reactivate: true })
  })

  test('reactivating cancels the deletion and signs the owner in', async ({ client, assert }) => {
    const user = await UserFactory.apply('deletionPending')
      .merge({ deletionReason: 'Leaving' })
      .create()
    const response = await client
      .post('/reactivate')
      .withCsrfToken()
      .withSession({ reactivate_user_id: user.id })
      .redirects(0)
    response.assertHeader('location', '/')
    response.assertFlashMessage('success', 'Welcome back! Your account has been reactivated.')
    response.assertSession('auth_web', user.id)
    response.assertSessionMissing('reactivate_user_id')
    const fresh = await User.findOrFail(user.id)
    assert.isNull(fresh.deletionRequestedAt)
    assert.isNull(fresh.deletionReason)
    assert.isNotNull(fresh.lastLoginAt)
    const log = await db.from('audit_logs').where('action', 'account.reactivated').first()
    assert.equal(log.subject_id, user.id)
  })

  test('an external lands on the public feed after reactivating', async ({ client }) => {
    const user = await UserFactory.apply('external').apply('deletionPending').create()
    const response = await client
      .post('/reactivate')
      .withCsrfToken()
      .withSession({ reactivate_user_id: user.id })
      .redirects(0)
    response.assertHeader('location', '/public')
  })

  test('without a sign-in first nothing happens', async ({ client, assert }) => {
    const user = await UserFactory.apply('deletionPending').create()
    const response = await client.post('/reactivate').withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('error')
    response.assertSessionMissing('auth_web')
    await user.refresh()
    assert.isNotNull(user.deletionRequestedAt)
  })

  test('an account that is not pending deletion cannot be "reactivated" into a sign-in', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/reactivate')
      .withCsrfToken()
      .withSession({ reactivate_user_id: user.id })
      .redirects(0)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('auth_web')
  })

  test('a deactivated account is reactivated but still not signed in', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('deletionPending').apply('inactive').create()
    const response = await client
      .post('/reactivate')
      .withCsrfToken()
      .withSession({ reactivate_user_id: user.id })
      .redirects(0)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('auth_web')
    assert.match(flashed(response, 'uid', 'errorsBag'), /deactivated by an administrator/)
    await user.refresh()
    assert.isNull(user.deletionRequestedAt)
  })

  test('a signed-in user cannot use the guest-only route', async ({ client }) => {
    const user = await UserFactory.create()
    const pending = await UserFactory.apply('deletionPending').create()
    const response = await client
      .post('/reactivate')
      .withCsrfToken()
      .loginAs(user)
      .withSession({ reactivate_user_id: pending.id })
      .redirects(0)
    response.assertHeader('location', '/')
  })
})
