import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { hashToken } from '#services/tokens'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { RESET_LINK_SENT } from '#controllers/auth/forgot_password_controller'
import { authGroup, fakeMails } from './_support.js'

function tokensOf(userId: number) {
  return db.from('password_reset_tokens').where('user_id', userId).orderBy('id')
}

test.group('Auth / forgot password', (group) => {
  authGroup(group)

  test('guest sees the form', async ({ client }) => {
    const response = await client.get('/forgot-password').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/ForgotPassword')
  })

  test('signed-in user is sent to their landing page', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/forgot-password').loginAs(user).redirects(0)
    response.assertHeader('location', '/')
  })

  test('signed-in user cannot request a link', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/forgot-password')
      .withCsrfToken()
      .loginAs(user)
      .form({ email: user.email })
      .redirects(0)
    response.assertHeader('location', '/')
    const total = await db.from('password_reset_tokens').count('* as total').first()
    assert.equal(Number(total.total), 0)
  })

  test('a known address gets a one-hour link; only its hash is stored', async ({
    client,
    assert,
  }) => {
    const mails = fakeMails()
    const user = await UserFactory.create()
    const response = await client
      .post('/forgot-password')
      .withCsrfToken()
      .form({ email: user.email.toUpperCase() })
      .redirects(0)

    response.assertHeader('location', '/forgot-password')
    response.assertFlashMessage('success', RESET_LINK_SENT)
    const [row] = await tokensOf(user.id)
    assert.exists(row)
    assert.isNull(row.used_at)
    const expiresIn = new Date(row.expires_at).getTime() - Date.now()
    assert.isAbove(expiresIn, 59 * 60 * 1000)
    assert.isAtMost(expiresIn, 60 * 60 * 1000)

    let link = ''
    mails.assertQueued(ResetPasswordNotification, (mail) => {
      mail.message.hasTo(user.email)
      link = /href="([^"]+\/reset-password\/[^"]+)"/.exec(
        (mail.message.toJSON().message as any).html
      )![1]
      return true
    })
    const token = decodeURIComponent(
      new URL(link.replace(/&amp;/g, '&')).pathname.split('/').pop()!
    )
    assert.equal(row.token_hash, hashToken(token))
    assert.notInclude(row.token_hash, token)
  })

  test('an unknown address gets exactly the same reply and nothing is stored or sent', async ({
    client,
    assert,
  }) => {
    const mails = fakeMails()
    const user = await UserFactory.create()
    const known = await client
      .post('/forgot-password')
      .withCsrfToken()
      .form({ email: user.email })
      .redirects(0)
    const unknown = await client
      .post('/forgot-password')
      .withCsrfToken()
      .form({ email: 'nobody@huddle.test' })
      .redirects(0)

    assert.equal(unknown.status(), known.status())
    assert.equal(unknown.header('location'), known.header('location'))
    assert.equal(unknown.text(), known.text())
    assert.deepEqual(unknown.flashMessages(), known.flashMessages())
    const total = await db.from('password_reset_tokens').count('* as total').first()
    assert.equal(Number(total.total), 1)
    mails.assertQueuedCount(ResetPasswordNotification, 1)
  })

  test('a new request voids the earlier unused links', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await client.post('/forgot-password').withCsrfToken().form({ email: user.email }).redirects(0)
    const [first] = await tokensOf(user.id)
    await client.post('/forgot-password').withCsrfToken().form({ email: user.email }).redirects(0)
    const rows = await tokensOf(user.id)
    assert.lengthOf(rows, 1)
    assert.notEqual(rows[0].id, first.id)
  })

  test('an invalid address is refused and nothing is stored', async ({ client, assert }) => {
    const response = await client
      .post('/forgot-password')
      .withCsrfToken()
      .header('referer', '/forgot-password')
      .form({ email: 'not an email' })
      .redirects(0)
    response.assertHeader('location', '/forgot-password')
    response.assertFlashMessage('inputErrorsBag', { email: ['Enter a valid e-mail address.'] })
    const total = await db.from('password_reset_tokens').count('* as total').first()
    assert.equal(Number(total.total), 0)
  })

  test('the sixth request for one address within 15 minutes gets 429', async ({
    client,
    assert,
  }) => {
    const mails = fakeMails()
    const user = await UserFactory.create()
    for (let i = 0; i < 5; i++) {
      await client
        .post('/forgot-password')
        .withCsrfToken()
        .header('x-forwarded-for', `198.51.100.${i + 1}`)
        .form({ email: user.email })
        .redirects(0)
    }
    const response = await client
      .post('/forgot-password')
      .withCsrfToken()
      .header('x-forwarded-for', '198.51.100.99')
      .header('accept', 'application/json')
      .form({ email: user.email })
      .redirects(0)
    response.assertStatus(429)
    assert.match(
      response.body().errors[0].message,
      /Too many password reset requests for this address/
    )
    mails.assertQueuedCount(ResetPasswordNotification, 5)
  })

  test('the sixth request from one IP within 15 minutes gets 429, known address or not', async ({
    client,
    assert,
  }) => {
    for (let i = 0; i < 5; i++) {
      await client
        .post('/forgot-password')
        .withCsrfToken()
        .header('x-forwarded-for', '198.51.100.7')
        .form({ email: `someone${i}@huddle.test` })
        .redirects(0)
    }
    const response = await client
      .post('/forgot-password')
      .withCsrfToken()
      .header('x-forwarded-for', '198.51.100.7')
      .header('accept', 'application/json')
      .form({ email: 'another@huddle.test' })
      .redirects(0)
    response.assertStatus(429)
    assert.exists(response.header('retry-after'))
    assert.match(
      response.body().errors[0].message,
      /Too many password reset requests\. Try again in/
    )
  })
})
