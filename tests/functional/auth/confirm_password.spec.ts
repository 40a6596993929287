import { test } from '@japa/runner'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { authGroup } from './_support.js'

test.group('Auth / confirm password', (group) => {
  authGroup(group)

  test('guest is sent to sign in', async ({ client }) => {
    const response = await client.get('/confirm-password').redirects(0)
    response.assertHeader('location', '/login')
  })

  test('guest cannot submit a confirmation', async ({ client }) => {
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('password_confirmed_at')
  })

  test('signed-in user sees the page', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/confirm-password').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/ConfirmPassword')
  })

  test('the right password is remembered and leads back to the action that asked', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .withSession({ confirm_intended_url: '/profile/delete?step=2' })
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/profile/delete?step=2')
    assert.isAbove(Number(response.session('password_confirmed_at')), Date.now() - 60_000)
    response.assertSessionMissing('confirm_intended_url')
  })

  test('a same-host absolute URL from the Referer is followed as a path', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .header('host', 'localhost')
      .withSession({ confirm_intended_url: 'http://localhost/settings?tab=2' })
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/settings?tab=2')
  })

  test('an off-site intended URL is ignored in favour of the landing page', async ({ client }) => {
    const user = await UserFactory.create()
    for (const target of ['//evil.example/x', 'https://evil.example/x', 'javascript:alert(1)']) {
      const response = await client
        .post('/confirm-password')
        .withCsrfToken()
        .loginAs(user)
        .withSession({ confirm_intended_url: target })
        .form({ password: TEST_PASSWORD })
        .redirects(0)
      response.assertHeader('location', '/')
    }
  })

  test('a wrong password is refused with the attempts left and nothing is remembered', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/confirm-password')
      .form({ password: 'Wrong-password-1!' })
      .redirects(0)
    response.assertHeader('location', '/confirm-password')
    response.assertFlashMessage('errorsBag', {
      password: 'The password is incorrect. 4 attempts left.',
    })
    response.assertSessionMissing('password_confirmed_at')
  })

  test('an empty password is refused', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .form({})
      .redirects(0)
    response.assertFlashMessage('inputErrorsBag', { password: ['The password is required.'] })
    response.assertSessionMissing('password_confirmed_at')
  })

  test('after five wrong passwords even the right one gets 429 for a while', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let i = 0; i < 5; i++) {
      await client
        .post('/confirm-password')
        .withCsrfToken()
        .loginAs(user)
        .form({ password: `Wrong-password-${i}!` })
        .redirects(0)
    }
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(429)
    assert.match(
      response.body().errors[0].message,
      /Too many wrong passwords\. Try again in \d+ minutes?\./
    )
    response.assertSessionMissing('password_confirmed_at')
  })

  test('a right password clears the count of wrong ones', async ({ client }) => {
    const user = await UserFactory.create()
    for (let i = 0; i < 4; i++) {
      await client
        .post('/confirm-password')
        .withCsrfToken()
        .loginAs(user)
        .form({ password: 'nope' })
        .redirects(0)
    }
    await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    const response = await client
      .post('/confirm-password')
      .withCsrfToken()
      .loginAs(user)
      .form({ password: 'nope' })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      password: 'The password is incorrect. 4 attempts left.',
    })
  })
})
