import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'

test.group('Shell / flash messages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a redirect with a success flash delivers it in the next page flash', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const logout = await client.post('/logout').withCsrfToken().loginAs(user).redirects(0)
    logout.assertStatus(302)
    logout.assertHeader('location', '/login')
    logout.assertFlashMessage('success', 'You have been signed out.')

    const next = await client.get('/login').withInertia().withFlashMessages(logout.flashMessages())
    next.assertStatus(200)
    assert.deepEqual(next.body().flash, { success: 'You have been signed out.' })
  })

  test('the success flash reaches a first (full page) visit too', async ({ client, assert }) => {
    const response = await client.get('/login').withFlashMessages({ success: 'Saved.' })
    const html = response.text()
    assert.include(html, 'Saved.')
  })

  test('an error flash is delivered in the page flash', async ({ client }) => {
    const response = await client
      .get('/login')
      .withInertia()
      .withFlashMessages({ error: 'Something went wrong.' })
    response.assertBodyContains({ flash: { error: 'Something went wrong.' } })
  })

  test('the sign-in lockout time is delivered in the page flash', async ({ client }) => {
    const response = await client
      .get('/login')
      .withInertia()
      .withFlashMessages({ lockoutUntil: '2030-01-01T10:00:00.000Z' })
    response.assertBodyContains({ flash: { lockoutUntil: '2030-01-01T10:00:00.000Z' } })
  })

  test('without flashed messages the page flash is empty', async ({ client, assert }) => {
    const response = await client.get('/login').withInertia()
    assert.deepEqual(response.body().flash, {})
  })

  test('flash is separate from props and other session data stays private', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/login')
      .withInertia()
      .withFlashMessages({ success: 'Done.', secretThing: 'not for the page' })
    assert.notProperty(response.body().props, 'success')
    assert.notProperty(response.body().flash, 'secretThing')
  })
})
