import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import {
  clearMemorySessions,
  otherDeviceSession,
  tagSession,
} from '#tests/functional/profile/memory_sessions'

test.group('Profile / edit page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())

  test('guest is sent to the sign-in page', async ({ client }) => {
    const response = await client.get('/profile').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member sees their profile settings', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/profile').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Edit')
    response.assertInertiaPropsContains({
      emailChangeNeedsPassword: true,
      deletion: { allowed: true, blockedReason: null, graceDays: 30 },
    })
  })

  test('external sees their profile settings too', async ({ client }) => {
    const user = await UserFactory.apply('external').create()
    const response = await client.get('/profile').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Edit')
  })

  test('the page counts the other signed-in devices', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await otherDeviceSession(user)
    await otherDeviceSession(user)
    const request = client.get('/profile').loginAs(user).withInertia()
    await tagSession(request.sessionClient.sessionId, user)
    const response = await request
    assert.equal(response.inertiaProps.otherSessions, 2)
  })

  test('the last active admin is told why the account cannot be deleted', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/profile').loginAs(admin).withInertia()
    assert.isFalse(response.inertiaProps.deletion.allowed)
    assert.match(response.inertiaProps.deletion.blockedReason, /last active administrator/)
  })

  test('a recently confirmed password is reflected in the page', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/profile')
      .loginAs(user)
      .withSession({ password_confirmed_at: Date.now() })
      .withInertia()
    response.assertInertiaPropsContains({ emailChangeNeedsPassword: false })
  })
})
