import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

test.group('Browser / sign in and out', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('member signs in with the form, sees the team feed and signs out', async ({
    visit,
    assert,
  }) => {
    const user = await UserFactory.merge({ fullName: 'Nora Browser' }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)

    await page.getByLabel('E-mail or username').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await screenshot(page, 'sign-in-home')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menu').getByText('Nora Browser').waitFor()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.assertTextContains('body', 'You have been signed out.')
    assert.deepEqual(errors, [])
  })
})
