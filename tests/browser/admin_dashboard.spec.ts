import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import User from '#models/user'
import DemoSeeder from '#database/seeders/demo_seeder'
import { UserFactory } from '#database/factories/user_factory'
import { clearSettingsCache } from '#services/settings'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

async function theme(page: Page, dark: boolean) {
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
  await page.evaluate(
    (on) => (globalThis as any).document.documentElement.classList.toggle('dark', on),
    dark
  )
  await page.waitForTimeout(250)
}

/** Light and dark, desktop and phone (375 px) screenshots of the current page. */
async function fourShots(page: Page, name: string) {
  for (const [width, height, size] of [
    [1280, 900, 'desktop'],
    [375, 740, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const dark of [false, true]) {
      await theme(page, dark)
      await screenshot(page, `admin-${name}-${size}-${dark ? 'dark' : 'light'}`)
    }
  }
  await theme(page, false)
  await page.setViewportSize({ width: 1280, height: 900 })
}

/**
 * The admin dashboard in a real browser, on the demo team: figures with
 * their definitions, the activity chart (its lazily loaded chunk draws a
 * canvas; the table fallback), a figure's link to its drill-down, and
 * every drill-down page, light and dark, desktop and phone.
 */
test.group('Browser / admin dashboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    drive.fake()
    return () => {
      drive.restore()
      clearSettingsCache()
    }
  })

  test('figures, chart, drill-downs', async ({ visit, browserContext, assert }) => {
    await new DemoSeeder(db.connection()).run()
    // A name that does not break on its own: the lists must wrap it.
    await UserFactory.apply('inactive')
      .merge({ fullName: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft' })
      .create()
    const admin = await User.findByOrFail('username', 'admin')

    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    for (const title of ['Needs attention', 'Accounts', 'Content', 'Activity']) {
      await page.getByRole('heading', { name: title, level: 2 }).waitFor()
    }
    assert.equal(await page.getByTestId('figure-posts').locator('dd').first().isVisible(), true)
    // The chart's chunk loads and draws.
    await page.getByTestId('activity-chart').locator('canvas').waitFor()
    await fourShots(page, 'dashboard')

    // The table fallback holds one row per day.
    await page.getByRole('button', { name: 'Show the figures as a table' }).click()
    const rows = page.locator('#activity-table tbody tr')
    assert.equal(await rows.count(), 30)
    await page.getByRole('link', { name: '90 days' }).click()
    await page.waitForURL((url) => url.searchParams.get('days') === '90')
    await page.getByTestId('activity-chart').locator('canvas').waitFor()
    await screenshot(page, 'admin-dashboard-90-days')

    // A figure's link opens its list: the count in the tab is the figure.
    const members = await page.getByTestId('figure-members').locator('dd').first().textContent()
    await page.getByRole('link', { name: 'List the members' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/dashboard/accounts')
    await page.getByRole('heading', { name: 'Accounts: members', level: 1 }).waitFor()
    assert.equal(await page.getByTestId('drilldown-row').count(), Number(members))
    await fourShots(page, 'dashboard-accounts')

    await page.getByRole('link', { name: /Inactive accounts/ }).click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'inactive')
    await page.getByText('Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft').waitFor()
    await page.setViewportSize({ width: 375, height: 740 })
    const overflow = await page.evaluate(
      () =>
        (globalThis as any).document.documentElement.scrollWidth >
        (globalThis as any).document.documentElement.clientWidth
    )
    assert.isFalse(overflow, 'no horizontal scroll at 375 px')
    await page.setViewportSize({ width: 1280, height: 900 })

    for (const [url, heading, name] of [
      ['/admin/dashboard/active-users?window=7d', 'Active people: last 7 days', 'active-users'],
      ['/admin/dashboard/most-liked-posts', 'Most liked posts', 'most-liked'],
      ['/admin/dashboard/most-commented-posts', 'Most commented posts', 'most-commented'],
      ['/admin/dashboard/top-authors?days=365', 'Most active authors', 'top-authors'],
    ] as const) {
      await page.goto(url)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await fourShots(page, `dashboard-${name}`)
    }

    // From a ranked author to all their posts.
    await page.getByTestId('drilldown-row').first().getByRole('link').first().click()
    await page.waitForURL((url) => /\/admin\/dashboard\/people\/\d+\/posts/.test(url.pathname))
    await page.getByRole('heading', { name: /^Posts by / }).waitFor()
    await fourShots(page, 'dashboard-user-posts')
    assert.deepEqual(errors, [])
  })
})
