import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { getSettings } from '#services/settings'

test.group('Shell / landing pages and shared props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest on / sees the Welcome page', async ({ client }) => {
    const response = await client.get('/').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Welcome')
  })

  test('a member on / sees the team feed frame', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/').loginAs(user).withInertia()
    response.assertInertiaComponent('Home')
    response.assertInertiaPropsContains({ feed: 'team' })
  })

  test('an admin on / sees the team feed frame', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/').loginAs(admin).withInertia()
    response.assertInertiaComponent('Home')
    response.assertInertiaPropsContains({ feed: 'team', can: { admin: true, teamFeed: true } })
  })

  test('an external on / is redirected to the public feed', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const response = await client.get('/').loginAs(external).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/public')
  })

  test('an external sees the public feed frame without team rights', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const response = await client.get('/public').loginAs(external).withInertia()
    response.assertInertiaComponent('Home')
    response.assertInertiaPropsContains({ feed: 'public', can: { admin: false, teamFeed: false } })
  })

  test('a member may open the public feed', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/public').loginAs(user).withInertia()
    response.assertInertiaPropsContains({ feed: 'public', can: { admin: false, teamFeed: true } })
  })

  test('a guest asking for the public feed is sent to sign in', async ({ client }) => {
    const response = await client.get('/public').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('every page carries the team name and abbreviation for the title', async ({ client }) => {
    const settings = await getSettings()
    const response = await client.get('/login').withInertia()
    response.assertInertiaPropsContains({
      team: { name: settings.teamName, abbreviation: settings.teamAbbreviation },
    })
  })

  test('the signed-in user sees only their own safe fields', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client.get('/').loginAs(user).withInertia()
    const self = response.inertiaProps.auth.user
    assert.equal(self.id, user.id)
    assert.equal(self.email, user.email)
    assert.notProperty(self, 'password')
    assert.notInclude(JSON.stringify(response.body()), user.password)
  })
})
