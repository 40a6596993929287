import { test } from '@japa/runner'
import User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { verificationUrl } from '#services/email_verification'
import VerifyEmailNotification from '#mails/verify_email_notification'
import { authGroup, fakeMails, flashed } from './_support.js'

/** The path and query of an absolute verification link. */
function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

test.group('Auth / verify e-mail: notice', (group) => {
  authGroup(group)

  test('guest remembered by the session sees the notice with a resend button', async ({
    client,
  }) => {
    const user = await UserFactory.apply('unverified').create()
    const response = await client
      .get('/verify-email')
      .withSession({ verify_user_id: user.id })
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/VerifyEmail')
    response.assertInertiaPropsContains({ email: user.email, canResend: true, linkError: null })
  })

  test('guest without a remembered account is told to sign in to get a link', async ({
    client,
  }) => {
    const response = await client.get('/verify-email').withInertia()
    response.assertInertiaPropsContains({ email: null, canResend: false })
  })

  test('a signed-in verified user is sent to their landing page', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/verify-email').loginAs(user).redirects(0)
    response.assertHeader('location', '/')
    response.assertFlashMessage('success', 'Your e-mail address is already verified.')
  })

  test('signing in to an unverified account offers to resend the link', async ({ client }) => {
    const user = await UserFactory.apply('unverified').create()
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ uid: user.email, password: TEST_PASSWORD })
      .redirects(0)
    response.assertSession('verify_user_id', user.id)
    response.assertSessionMissing('auth_web')

    const page = await client.get('/login').withSession({ verify_user_id: user.id }).withInertia()
    page.assertInertiaPropsContains({ canResendVerification: true })
  })
})

test.group('Auth / verify e-mail: resend', (group) => {
  authGroup(group)

  test('guest remembered by the session gets a new link', async ({ client }) => {
    const mails = fakeMails()
    const user = await UserFactory.apply('unverified').create()
    const response = await client
      .post('/verify-email/resend')
      .withCsrfToken()
      .withSession({ verify_user_id: user.id })
      .redirects(0)
    response.assertHeader('location', '/verify-email')
    response.assertFlashMessage(
      'success',
      `A new verification link is on its way to ${user.email}. It works for 24 hours.`
    )
    mails.assertQueued(VerifyEmailNotification, (m) => m.message.hasTo(user.email))
  })

  test('guest without a remembered account is sent to sign in and nothing is sent', async ({
    client,
  }) => {
    const mails = fakeMails()
    const response = await client.post('/verify-email/resend').withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('error')
    mails.assertNoneQueued()
  })

  test('an already verified account gets the same reply but no e-mail', async ({ client }) => {
    const mails = fakeMails()
    const user = await UserFactory.create()
    const response = await client
      .post('/verify-email/resend')
      .withCsrfToken()
      .withSession({ verify_user_id: user.id })
      .redirects(0)
    response.assertFlashMessage(
      'success',
      `A new verification link is on its way to ${user.email}. It works for 24 hours.`
    )
    mails.assertNoneQueued()
  })

  test('a signed-in verified user asking for a link is told it is already verified', async ({
    client,
  }) => {
    const mails = fakeMails()
    const user = await UserFactory.create()
    const response = await client
      .post('/verify-email/resend')
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    response.assertHeader('location', '/')
    response.assertFlashMessage('success', 'Your e-mail address is already verified.')
    mails.assertNoneQueued()
  })

  test('the fourth resend within 15 minutes gets 429 with a clear message', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('unverified').create()
    for (let i = 0; i < 3; i++) {
      const ok = await client
        .post('/verify-email/resend')
        .withCsrfToken()
        .withSession({ verify_user_id: user.id })
        .redirects(0)
      ok.assertStatus(302)
    }
    const response = await client
      .post('/verify-email/resend')
      .withCsrfToken()
      .withSession({ verify_user_id: user.id })
      .header('accept', 'application/json')
      .redirects(0)
    response.assertStatus(429)
    assert.match(
      response.body().errors[0].message,
      /several verification e-mails already\. Try again in \d+ minutes?/
    )
  })
})

test.group('Auth / verify e-mail: link', (group) => {
  authGroup(group)

  test('a valid link verifies the address and sends the person to sign in without signing in', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('unverified').create()
    const response = await client
      .get(pathOf(verificationUrl(user)))
      .withSession({ verify_user_id: user.id })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('success', 'Your e-mail address is verified. You can now sign in.')
    response.assertSessionMissing('auth_web')
    response.assertSessionMissing('verify_user_id')
    await user.refresh()
    assert.isNotNull(user.emailVerifiedAt)
  })

  test('a pending external is told that approval is still needed', async ({ client, assert }) => {
    const user = await UserFactory.apply('pending').apply('unverified').create()
    const response = await client.get(pathOf(verificationUrl(user))).redirects(0)
    assert.match(flashed(response, 'success'), /administrator still needs to approve/)
  })

  test('a link for an address that is already verified says so', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get(pathOf(verificationUrl(user))).redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('success', 'Your e-mail address was already verified.')
  })

  test('a signed-in visitor following the link stays on their landing page', async ({ client }) => {
    const visitor = await UserFactory.create()
    const user = await UserFactory.apply('unverified').create()
    const response = await client
      .get(pathOf(verificationUrl(user)))
      .loginAs(visitor)
      .redirects(0)
    response.assertHeader('location', '/')
  })

  test('a tampered signature is refused and nothing changes', async ({ client, assert }) => {
    const user = await UserFactory.apply('unverified').create()
    const url = new URL(verificationUrl(user))
    url.searchParams.set('signature', `${url.searchParams.get('signature')}x`)
    const response = await client.get(`${url.pathname}${url.search}`).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('Auth/VerifyEmail')
    assert.match(response.inertiaProps.linkError, /invalid or has expired/)
    await user.refresh()
    assert.isNull(user.emailVerifiedAt)
  })

  test('a link whose user id was changed is refused', async ({ client, assert }) => {
    const user = await UserFactory.apply('unverified').create()
    const other = await UserFactory.apply('unverified').create()
    const path = pathOf(verificationUrl(user)).replace(
      `/verify-email/${user.id}?`,
      `/verify-email/${other.id}?`
    )
    const response = await client.get(path).withInertia()
    response.assertStatus(403)
    await other.refresh()
    assert.isNull(other.emailVerifiedAt)
  })

  test('a link without a signature is refused', async ({ client }) => {
    const user = await UserFactory.apply('unverified').create()
    const response = await client.get(`/verify-email/${user.id}`).withInertia()
    response.assertStatus(403)
  })

  test('an expired link is refused', async ({ client, assert }) => {
    const user = await UserFactory.apply('unverified').create()
    // Sign the link 25 hours in the past: its 24-hour expiry has passed.
    const realNow = Date.now
    Date.now = () => realNow() - 25 * 60 * 60 * 1000
    let url: string
    try {
      url = verificationUrl(user)
    } finally {
      Date.now = realNow
    }
    const response = await client.get(pathOf(url)).withInertia()
    response.assertStatus(403)
    assert.match(response.inertiaProps.linkError, /invalid or has expired/)
    await user.refresh()
    assert.isNull(user.emailVerifiedAt)
  })

  test('a link sent to a previous address does not verify the new one', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('unverified').merge({ email: 'old@huddle.test' }).create()
    const oldLink = verificationUrl(user)
    await User.query().where('id', user.id).update({ email: 'new@huddle.test' })

    const response = await client.get(pathOf(oldLink)).withInertia()
    response.assertStatus(403)
    assert.match(response.inertiaProps.linkError, /no longer on the account/)
    await user.refresh()
    assert.isNull(user.emailVerifiedAt)
  })

  test('a link for a non-numeric id is not found', async ({ client }) => {
    const response = await client.get('/verify-email/abc').withInertia()
    response.assertStatus(404)
  })
})
