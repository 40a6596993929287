import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { appUrl } from '#config/app'
import VerifyEmailNotification from '#mails/verify_email_notification'
import ResetPasswordNotification from '#mails/reset_password_notification'
import RegistrationAwaitingApprovalNotification from '#mails/registration_awaiting_approval_notification'
import AccountExistsNotification from '#mails/account_exists_notification'

async function render(mail: { build(): Promise<void>; message: any }) {
  await mail.build()
  const { message } = mail.message.toJSON()
  return message as { to: { address: string }[]; subject: string; html: string; text: string }
}

const base = appUrl.replace(/\/+$/, '')

test.group('Auth / account e-mails', () => {
  test('the verification e-mail has an HTML and a text version with the absolute link', async ({
    assert,
  }) => {
    const url = `${base}/verify-email/1?hash=abc&signature=xyz`
    const message = await render(
      new VerifyEmailNotification({ fullName: 'Ada', email: 'ada@huddle.test' }, url, 'Acme')
    )
    assert.equal(message.to[0].address, 'ada@huddle.test')
    assert.equal(message.subject, 'Verify your e-mail address for Acme')
    assert.include(message.html, 'href="http')
    assert.include(message.html, url.replace(/&/g, '&amp;'))
    assert.include(message.text, url)
    assert.include(message.text, 'expires in 24 hours')
  })

  test('names are escaped in the HTML version', async ({ assert }) => {
    const message = await render(
      new ResetPasswordNotification(
        { fullName: '<script>alert(1)</script>', email: 'x@huddle.test' },
        `${base}/reset-password/t`,
        'Acme & Co'
      )
    )
    assert.notInclude(message.html, '<script>')
    assert.include(message.html, '&lt;script&gt;')
    assert.include(message.html, 'Acme &amp; Co')
    assert.include(message.text, '<script>alert(1)</script>')
  })

  test('the admin notice links to the external registrations page', async ({ assert }) => {
    const message = await render(
      new RegistrationAwaitingApprovalNotification(
        { fullName: 'Admin', email: 'admin@huddle.test' },
        { fullName: 'Grace', username: 'grace', email: 'grace@example.com' },
        'Acme'
      )
    )
    const path = router.has('users.public')
      ? router.urlBuilder.urlFor('users.public' as any)
      : '/admin/externals'
    assert.equal(message.to[0].address, 'admin@huddle.test')
    assert.include(message.text, `${base}${path}`)
    assert.include(message.text, 'grace@example.com')
  })

  test('the account-exists e-mail points to sign in and password reset', async ({ assert }) => {
    const message = await render(
      new AccountExistsNotification({ fullName: 'Ada', email: 'ada@huddle.test' }, 'Acme')
    )
    assert.include(message.text, `${base}/login`)
    assert.include(message.text, `${base}/forgot-password`)
  })
})
