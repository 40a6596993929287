import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import User from '#models/user'
import { TEST_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 900 }

/** Light and dark, desktop and phone screenshots of the current page. */
async function shots(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.evaluate(
      (dark) => (globalThis as any).document.documentElement.classList.toggle('dark', dark),
      theme === 'dark'
    )
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size)
      await page.waitForTimeout(150)
      await screenshot(page, `admin-people-${name}-${theme}-${label}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => (globalThis as any).document.documentElement.classList.remove('dark'))
  await page.setViewportSize(DESKTOP)
}

/**
 * The people back office in a real browser: the lists, one account, and
 * blocking it — the password is asked for first, then the person's open
 * page is signed out at once and their sign-in shows the reason.
 */
test.group('Browser / admin people', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(120_000)

  test('admin finds a member, blocks them after confirming the password; they are signed out', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const ben = await UserFactory.merge({
      fullName: 'Benedikt Donaudampfschifffahrtsgesellschaftskapitän',
      username: 'ben_b',
    }).create()
    await UserFactory.apply('external').merge({ fullName: 'Eve External' }).create()
    await UserFactory.apply('pending').merge({ fullName: 'Pat Pending' }).create()
    await UserFactory.apply('admin').merge({ fullName: 'Otto Operator' }).create()
    await makePost(ben, { body: 'A first post by Ben' })

    // Ben has the team feed open in his own browser.
    await browserContext.loginAs(ben)
    const benPage = await browserContext.newPage()
    await benPage.goto('/')
    await benPage.getByRole('heading', { level: 1 }).first().waitFor()

    const adminContext = await browser.newContext({ baseURL: new URL(benPage.url()).origin })
    await (adminContext as any).loginAs(admin)
    const page = await adminContext.newPage()
    const errors = watchPageErrors(page)
    try {
      await page.goto('/admin/users')
      await page.locator('tr[data-testid="person-row"]').first().waitFor()
      await shots(page, 'user-list')
      await page.getByLabel('Search People').fill('donau')
      await page.waitForURL((url) => url.searchParams.get('q') === 'donau')
      await page.waitForFunction(
        () =>
          (globalThis as any).document.querySelectorAll('[data-testid="person-row"]').length === 2 // table + card
      )
      await page.goto('/admin/admins')
      await page.getByRole('link', { name: 'Add an administrator' }).waitFor()
      await shots(page, 'admin-list')

      await page.goto(`/admin/users/${ben.id}`)
      await page.getByRole('heading', { name: ben.fullName }).waitFor()
      await shots(page, 'profile-index')
      await page.getByRole('link', { name: 'Edit account' }).click()
      await page.waitForURL(`**/admin/users/${ben.id}/edit`)
      await shots(page, 'user-edit')

      // Block: the password is asked for first, then back to this page.
      await page.getByLabel('Reason (shown to them)').fill('Spamming the team feed')
      await page.getByRole('button', { name: 'Block this account' }).click()
      await page.waitForURL('**/confirm-password')
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
      await page.getByRole('button', { name: /confirm/i }).click()
      await page.waitForURL(`**/admin/users/${ben.id}/edit`)
      await page.getByLabel('Reason (shown to them)').fill('Spamming the team feed')
      await page.getByRole('button', { name: 'Block this account' }).click()
      await page.getByText(`${ben.fullName} is blocked.`).first().waitFor()
      await page.getByRole('button', { name: 'Unblock' }).waitFor()
      await shots(page, 'user-edit-blocked')
      const blocked = await User.findOrFail(ben.id)
      assert.isFalse(blocked.isActive)

      // Ben's open page lands on the sign-in page by itself (socket closed, catch-up reload).
      await benPage.waitForURL('**/login', { timeout: 15_000 })
      await benPage.getByRole('heading', { name: 'Sign in' }).waitFor()
      await screenshot(benPage, 'admin-people-signed-out-at-once')
      await benPage.getByLabel(/e-mail or username/i).fill(ben.email)
      await benPage.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
      await benPage.getByRole('button', { name: /sign in/i }).click()
      await benPage.getByText('Reason: Spamming the team feed').waitFor()
      await screenshot(benPage, 'admin-people-blocked-sign-in')

      await page.goto('/admin/photos')
      await page.getByRole('heading', { name: 'Profile photos and covers' }).waitFor()
      await shots(page, 'photos')
      assert.deepEqual(errors, [])
    } finally {
      await screenshot(page, 'admin-people-last-state')
      await adminContext.close()
    }
  })
})
