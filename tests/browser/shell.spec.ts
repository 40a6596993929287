import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { getSettings } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import type { Page } from 'playwright'

// These run inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const document: any
declare const window: any
declare function getComputedStyle(element: unknown): { outlineStyle: string }

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

/** True when the page is wider than the viewport (a horizontal scroll bar). */
function overflowsHorizontally(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}

test.group('Browser / page shell', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  test('every page is titled "{page title} - {team abbreviation}"', async ({ visit, assert }) => {
    const { teamAbbreviation } = await getSettings()
    const page = await visit('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    assert.equal(await page.title(), `Welcome - ${teamAbbreviation}`)

    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.waitForFunction((t) => document.title === t, `Sign in - ${teamAbbreviation}`)

    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    assert.equal(await page.title(), `Page not found - ${teamAbbreviation}`)
  })

  test('the skip link is the first tab stop and jumps to the content', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    assert.isTrue(await skip.evaluate((el) => el === document.activeElement))
    assert.isTrue(await skip.isVisible())
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.id === 'main')
  })

  test('the success flash is a green "Success." alert that can be dismissed', async ({
    visit,
    browserContext,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()

    const alert = page.getByTestId('flash-success')
    await alert.waitFor()
    await page.assertTextContains('[data-testid=flash-success]', 'Success.')
    await page.assertTextContains('[data-testid=flash-success]', 'You have been signed out.')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await alert.waitFor({ state: 'detached' })
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('the member shell shows the menu, the team panel and the avatar menu', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await UserFactory.merge({ fullName: 'Tess Teammate' }).create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.setViewportSize(DESKTOP)

    const nav = page.getByRole('navigation', { name: 'Main' })
    assert.equal(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current'), 'page')
    await nav.getByRole('link', { name: 'Public feed' }).waitFor()
    await page.getByRole('complementary', { name: 'Team' }).getByText('Tess Teammate').waitFor()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await screenshot(page, 'shell-member-1280')
  })

  test('the member header shows the search box and the notification bell', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    assert.equal(await page.getByRole('search').count(), 1)
    assert.equal(await page.getByTestId('notification-bell').count(), 1)
  })

  test('on a phone the menu button opens the navigation in a dialog', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.setViewportSize(PHONE)
    assert.isFalse(await page.getByRole('navigation', { name: 'Main' }).isVisible())

    const button = page.getByRole('button', { name: 'Open menu' })
    await button.click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('link', { name: 'Public feed' }).waitFor()
    await screenshot(page, 'shell-member-375-menu')

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    assert.isTrue(await button.evaluate((el) => el === document.activeElement))

    await button.click()
    await dialog.getByRole('link', { name: 'Public feed' }).click()
    await page.waitForURL((url) => url.pathname === '/public')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Public feed', level: 1 }).waitFor()
  })

  test('pages fit 375 px and 1280 px screens without sideways scrolling', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const guest = await visit('/')
    for (const url of ['/', '/login', '/no/such/page']) {
      await guest.goto(url)
      await guest.locator('main h1').waitFor()
      for (const size of [PHONE, DESKTOP]) {
        await guest.setViewportSize(size)
        assert.isFalse(await overflowsHorizontally(guest), `guest ${url} at ${size.width}px`)
      }
    }

    const user = await UserFactory.merge({ fullName: 'Maximilian Bartholomew Longname' }).create()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    for (const url of ['/', '/public', '/no/such/page']) {
      await page.goto(url)
      await page.locator('main h1').waitFor()
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size)
        assert.isFalse(await overflowsHorizontally(page), `member ${url} at ${size.width}px`)
      }
    }
  })

  test('Inertia visits send X-Requested-With: XMLHttpRequest with the protocol headers', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.setViewportSize(DESKTOP)
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/public'),
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Public feed' })
        .click(),
    ])
    const headers = await request.allHeaders()
    assert.equal(headers['x-requested-with'], 'XMLHttpRequest')
    assert.equal(headers['x-inertia'], 'true')
    assert.isString(headers['x-inertia-version'])
    await page.getByRole('heading', { name: 'Public feed', level: 1 }).waitFor()
  })

  test('the dark mode switch applies at once and is remembered', async ({ visit, assert }) => {
    const page = await visit('/login')
    await page.getByRole('button', { name: 'Switch to dark mode' }).click()
    assert.isTrue(await page.evaluate(() => document.documentElement.classList.contains('dark')))
    await page.reload()
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor()
    assert.isTrue(await page.evaluate(() => document.documentElement.classList.contains('dark')))
    await page.getByRole('button', { name: 'Switch to light mode' }).click()
    assert.isFalse(await page.evaluate(() => document.documentElement.classList.contains('dark')))
  })

  test('keyboard focus is visible on links and buttons', async ({ visit, assert }) => {
    const page = await visit('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    const signIn = page.getByRole('link', { name: 'Sign in' })
    await signIn.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const outline = await signIn.evaluate((el) => getComputedStyle(el).outlineStyle)
    assert.notEqual(outline, 'none')
  })
})
