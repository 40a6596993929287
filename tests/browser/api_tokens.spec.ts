import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { clearSettingsCache, saveSettings } from '#services/settings'
import { screenshot, signIn, watchPageErrors } from '#tests/helpers/browser'

/**
 * Issue 14 in a real browser: a member creates an API token in the profile
 * settings, sees its secret once, the secret opens the API, revoking it
 * closes it; the API reference renders from local files under the CSP.
 */
test.group('Browser / API tokens and reference', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await saveSettings({ teamName: 'Huddle Demo', teamAbbreviation: 'HD', teamDomains: [] })
    return () => clearSettingsCache()
  })

  test('create a token, use it, revoke it', async ({ visit, assert }) => {
    const user = await UserFactory.merge({ fullName: 'Robin Token' }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    await signIn(page, user.email, TEST_PASSWORD)

    await page.goto(new URL('/profile', page.url()).toString())
    await page.getByRole('link', { name: 'Manage API tokens' }).click()
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor()
    await page.getByText('You have no tokens.').waitFor()

    await page.getByLabel('Name').fill('Release bot')
    await page.getByLabel(/^Write:/).check()
    await page.getByRole('button', { name: 'Create token' }).click()
    const secret = await page.getByTestId('token-secret').textContent()
    assert.match(secret ?? '', /^hud_/)
    await page.getByTestId('token-row').getByText('Release bot').waitFor()
    await screenshot(page, 'api-token-created')

    const me = await page.request.get('/api/v1/me', {
      headers: { Authorization: `Bearer ${secret}` },
    })
    assert.equal(me.status(), 200)
    const body = await me.json()
    assert.equal(body.fullName, 'Robin Token')

    // Shown once: gone after a reload.
    await page.reload()
    await page.getByTestId('token-row').waitFor()
    assert.equal(await page.getByTestId('new-token').count(), 0)

    page.once('dialog', (dialog) => dialog.accept())
    await page.getByRole('button', { name: 'Revoke Release bot' }).click()
    await page.getByText('The token is revoked: it no longer works.').waitFor()
    await page.getByText('You have no tokens.').waitFor()
    await screenshot(page, 'api-token-revoked')
    const after = await page.request.get('/api/v1/me', {
      headers: { Authorization: `Bearer ${secret}` },
    })
    assert.equal(after.status(), 401)
    assert.deepEqual(errors, [])
  })

  test('an admin-scoped token: the password first, then the form comes back filled in', async ({
    visit,
    assert,
  }) => {
    const boss = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    await signIn(page, boss.email, TEST_PASSWORD)
    await page.goto(new URL('/profile/tokens', page.url()).toString())
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor()

    await page.getByLabel('Name').fill('Ops bot')
    await page.getByLabel(/^Admin:/).check()
    await page.getByText('you will be asked for your password first').waitFor()
    await screenshot(page, 'api-token-admin-scope-note')
    await page.getByRole('button', { name: 'Create token' }).click()
    await page.waitForURL('**/confirm-password')
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: /confirm/i }).click()
    await page.waitForURL('**/profile/tokens')
    assert.equal(await page.getByLabel('Name').inputValue(), 'Ops bot')
    assert.isTrue(await page.getByLabel(/^Admin:/).isChecked())
    assert.equal(await page.getByText('you will be asked for your password first').count(), 0)
    await page.getByRole('button', { name: 'Create token' }).click()
    const secret = await page.getByTestId('token-secret').textContent()
    assert.equal(await page.getByLabel('Name').inputValue(), '', 'the form is blank again')
    await screenshot(page, 'api-token-admin-created')
    const people = await page.request.get('/api/v1/admin/people', {
      headers: { Authorization: `Bearer ${secret}` },
    })
    assert.equal(people.status(), 200)
    assert.deepEqual(errors, [])
  })

  test('the API reference renders the document', async ({ visit, assert }) => {
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    await page.goto(new URL('/api/docs', page.url()).toString())
    await page.getByText('Huddle API').first().waitFor()
    await page.getByText('/api/v1/feeds/team').first().waitFor()
    await screenshot(page, 'api-reference')
    assert.deepEqual(errors, [])
  })
})
