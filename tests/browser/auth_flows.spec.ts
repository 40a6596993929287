import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { clearSettingsCache, saveSettings } from '#services/settings'
import {
  linkFromOutbox,
  screenshot,
  signIn,
  signOut,
  watchPageErrors,
} from '#tests/helpers/browser'
import { freshIp } from '#tests/helpers/security'

const NEW_PASSWORD = 'Violet-Harbour-Lantern-84!'

test.group('Browser / registration, sign-in, lockout and password reset', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await saveSettings({
      teamName: 'Huddle Demo',
      teamAbbreviation: 'HD',
      teamDomains: ['huddle.test'],
      registrationMode: 'open',
    })
    return () => clearSettingsCache()
  })

  test('a newcomer registers, verifies the address through the dev outbox, signs in and signs out', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/register')
    const errors = watchPageErrors(page)

    await page.getByLabel('Full name').fill('Robin Newcomer')
    await page.getByLabel('Username').fill('robin')
    await page.getByLabel('E-mail address').fill('robin@huddle.test')
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD)
    await screenshot(page, 'register-form')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => url.pathname === '/register/success')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await screenshot(page, 'register-success')

    // Not verified yet: signing in is refused with the reason.
    await page.goto('/login')
    await page.getByLabel('E-mail or username').fill('robin')
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Please verify your e-mail address first').waitFor()

    const verifyPath = await linkFromOutbox(
      page,
      'Verify your e-mail address',
      /\/verify-email\/\d+/
    )
    await screenshot(page, 'outbox-verification-mail')
    await page.getByRole('link', { name: 'All mails' }).click()
    await page.getByRole('list', { name: 'Mails' }).waitFor()
    await screenshot(page, 'outbox-list')
    await page.goto(verifyPath)
    await page
      .getByRole('status')
      .filter({ hasText: /verified/i })
      .waitFor()
    await screenshot(page, 'verified')

    await signIn(page, 'robin@huddle.test', NEW_PASSWORD)
    assert.equal(new URL(page.url()).pathname, '/')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()

    await signOut(page)
    await page.getByText('You have been signed out.').waitFor()
    assert.deepEqual(errors, [])
  })

  test('six wrong passwords lock the sign-in form with a message', async ({ visit, assert }) => {
    const user = await UserFactory.create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    // Its own client address, so these failures count against nobody else's limit.
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() })
    await page.getByLabel('E-mail or username').fill(user.email)
    for (let i = 1; i <= 6; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page
        .getByText(i < 5 ? `${5 - i} attempt` : 'Too many failed sign-in attempts')
        .waitFor()
    }
    await page.getByText(/Too many failed sign-in attempts\. Try again in \d+ minutes?/).waitFor()
    await page.getByTestId('lockout-local-time').waitFor()
    await screenshot(page, 'login-lockout')

    // Even the right password is refused now.
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Too many failed sign-in attempts').waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    assert.deepEqual(errors, [])
  })

  test('a forgotten password is reset through the link in the dev outbox', async ({
    visit,
    assert,
  }) => {
    const user = await UserFactory.merge({ email: 'forgetful@huddle.test' }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    const ip = freshIp()
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ip })
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    await page.getByLabel('E-mail address').fill(user.email)
    await page.getByRole('button', { name: 'Send the reset link' }).click()
    await page.getByRole('status').waitFor()

    // The outbox answers a guest only from this machine, unforwarded (issue 16 #9).
    await page.context().setExtraHTTPHeaders({})
    const resetPath = await linkFromOutbox(page, 'Reset your', /\/reset-password\//)
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ip })
    await page.goto(resetPath)
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    const email = page.getByLabel('E-mail address')
    if ((await email.inputValue()) === '') await email.fill(user.email)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await screenshot(page, 'reset-password')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')

    // The old password no longer works; the new one does.
    await page.getByLabel('E-mail or username').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('These credentials do not match our records').waitFor()
    await signIn(page, user.email, NEW_PASSWORD)
    assert.equal(new URL(page.url()).pathname, '/')
    assert.deepEqual(errors, [])
  })
})
