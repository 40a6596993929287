import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { clearSettingsCache, saveSettings } from '#services/settings'
import { screenshot, signIn, signOut, watchPageErrors } from '#tests/helpers/browser'

test.group('Browser / profile settings and external approval', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await saveSettings({
      teamName: 'Huddle Demo',
      teamAbbreviation: 'HD',
      teamDomains: ['huddle.test'],
    })
    return () => clearSettingsCache()
  })

  test('a member edits the profile and sees the change saved', async ({ visit, assert }) => {
    const user = await UserFactory.merge({ fullName: 'Pat Before', bio: null }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    await signIn(page, user.email, TEST_PASSWORD)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Profile settings' }).click()
    await page.getByRole('heading', { name: 'Profile settings', level: 1 }).waitFor()

    const name = page.getByLabel('Full name')
    assert.equal(await name.inputValue(), 'Pat Before')
    await name.fill('Pat After')
    await page.getByLabel('Bio').fill('Writes the release notes.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Profile saved.').waitFor()
    await screenshot(page, 'profile-saved')

    await page.reload()
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Pat After')
    assert.equal(await page.getByLabel('Bio').inputValue(), 'Writes the release notes.')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menu').getByText('Pat After').waitFor()

    await user.refresh()
    assert.equal(user.fullName, 'Pat After')
    assert.deepEqual(errors, [])
  })

  test('an admin approves a pending external, who can then sign in', async ({ visit, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const external = await UserFactory.apply('pending')
      .merge({ fullName: 'Quinn Outside' })
      .create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)

    // Waiting for approval: refused with the reason.
    await page.getByLabel('E-mail or username').fill(external.email)
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('waiting for approval').waitFor()

    await signIn(page, admin.username, TEST_PASSWORD)
    assert.equal(new URL(page.url()).pathname, '/admin')
    await page.goto('/admin/externals')
    await page.getByRole('heading', { name: 'External accounts', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Approve Quinn Outside' }).first().click()
    await page.getByText('Quinn Outside is approved').waitFor()
    await screenshot(page, 'admin-approved-external')

    await external.refresh()
    assert.equal(external.approvalStatus, 'approved')

    await signOut(page)
    await signIn(page, external.email, TEST_PASSWORD)
    assert.equal(new URL(page.url()).pathname, '/public')
    assert.deepEqual(errors, [])
  })
})
