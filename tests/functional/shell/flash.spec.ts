import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar, testServerUrl } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import { userChannel } from '#services/realtime/channels'

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

/**
 * A page loads, its realtime client authorises its channels in the
 * background, and the person acts meanwhile: the success flash of their
 * action must reach the page the action redirects to, not the background
 * request that happened to read the session first (seen in CI: an approval
 * stored, its "is approved" toast never shown).
 */
test.group('Shell / flash messages and background requests', (group) => {
  const made: number[] = []
  group.each.teardown(async () => {
    if (!made.length) return
    await db.from('posts').whereIn('author_id', made).delete()
    await db.from('users').whereIn('id', made.splice(0)).delete()
  })

  // As pusher-js authorises a channel: an XHR, whose Accept header is any type.
  async function backgroundAuth(jar: CookieJar, channel: string) {
    const xsrf = jar.get('XSRF-TOKEN')
    return fetch(testServerUrl('/broadcasting/auth'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept': '*/*',
        'cookie': [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': decodeURIComponent(xsrf ?? ''),
      },
      body: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
    })
  }

  test('a realtime auth request between an action and its page leaves the flash to the page', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    const jar = new CookieJar()
    jar.headers['x-forwarded-for'] = freshIp()
    await jar.signIn(user.email, TEST_PASSWORD)
    await jar.visit('/')

    const created = await jar.post('/posts', { body: '<p>Hello</p>', audience: 'team' })
    assert.equal(created.status, 302)
    const auth = await backgroundAuth(jar, userChannel(user.id))
    assert.equal(auth.status, 200)

    const page = await jar.visit(String(created.location))
    assert.equal(page.status, 200)
    assert.include(page.body, 'Your post is published.')
    // Shown once: the next page has no flash left.
    const next = await jar.visit('/')
    assert.notInclude(next.body, 'Your post is published.')
  })
})
