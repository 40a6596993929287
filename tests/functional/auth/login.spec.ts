import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'

test.group('Auth / sign in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guest sees the sign-in page', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Login')
  })

  test('member signs in with e-mail and lands on the team feed', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: user.email, password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
  })

  test('admin signs in with username and lands on the dashboard', async ({ client }) => {
    const user = await UserFactory.apply('admin').create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: user.username, password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin')
  })

  test('wrong password says how many attempts are left', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ uid: user.email, password: 'wrong' })
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('errorsBag', {
      uid: 'These credentials do not match our records. 4 attempts left.',
    })
  })
})
