import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'

test.group('Shell / unknown URLs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest opening an unknown URL gets the not-found page with status 404', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/no/such/page')
    response.assertStatus(404)
    assert.include(response.text(), 'Errors/NotFound')
    assert.include(response.text(), '<div id="app"></div>')
  })

  test('a guest Inertia visit to an unknown URL gets the not-found page with status 404', async ({
    client,
  }) => {
    const response = await client.get('/no/such/page').withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
    response.assertInertiaPropsContains({ auth: { user: null } })
  })

  test('a signed-in member opening an unknown URL gets the not-found page with status 404', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client.get('/no-such-page?x=1').loginAs(user)
    response.assertStatus(404)
    assert.include(response.text(), 'Errors/NotFound')
  })

  test('a signed-in Inertia visit to an unknown URL keeps the visitor in their shell', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const response = await client.get('/no-such-page').loginAs(user).withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
    response.assertInertiaPropsContains({ auth: { user: { id: user.id } } })
  })

  test('an admin gets the same 404 page', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/admin/nothing-here/42').loginAs(admin).withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
  })

  test('other methods on unknown URLs are 404 too', async ({ client }) => {
    const response = await client.post('/no-such-form').withCsrfToken().withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
  })

  test('an unknown URL with a stale asset version still asks for a full reload', async ({
    client,
  }) => {
    const response = await client
      .get('/no-such-page')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', 'old')
    response.assertStatus(409)
    response.assertHeader('x-inertia-location', '/no-such-page')
  })
})
