import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { BrowserContext, Page } from 'playwright'
import { UserFactory } from '#database/factories/user_factory'
import CreatePost from '#actions/posts/create_post'
import CreateComment from '#actions/engagement/create_comment'
import Notify from '#actions/notifications/notify'
import { block, makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, SCREENSHOTS_DIR, waitUntilLive, watchPageErrors } from '#tests/helpers/browser'

/**
 * Notifications and live feeds in real browsers (issue 4 §2, §4, §5): two
 * people in two browser contexts; B likes A's post and A's bell goes up
 * without a reload (in both of A's tabs), the card's count moves; new
 * posts arrive as "N new posts"; the admin sees who is online.
 */

/** The viewport only: a full-page capture resizes the page, which closes open menus. */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png` })
}

async function darkMode(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => (globalThis as any).document.documentElement.classList.add('dark'))
  await page.waitForTimeout(300)
}

async function secondContext(browser: any, page: Page, user: any): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin })
  await context.loginAs(user)
  return context
}

test.group('Browser / notifications', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('B likes A’s post: A’s bell goes up live in every tab, the count on the card too', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Alvarez', username: 'ana_n' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Brooks', username: 'ben_n' }).create()
    const cleo = await UserFactory.merge({ fullName: 'Cleo Chen', username: 'cleo_n' }).create()
    const post = await makePost(ana, { body: 'Quarterly planning notes are up' })

    await browserContext.loginAs(ana)
    const pageA = await browserContext.newPage()
    const errorsA = watchPageErrors(pageA)
    await pageA.goto('/')
    await pageA.getByTestId('post-card').first().waitFor()
    await waitUntilLive(pageA)
    const bellA = pageA.getByTestId('notification-count')
    assert.equal(await bellA.count(), 0, 'nothing unread yet')
    // A second tab of A's, on the notifications page.
    const tabA = await browserContext.newPage()
    await tabA.goto('/notifications')
    await tabA.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
    await waitUntilLive(tabA)

    const contextB = await secondContext(browser, pageA, ben)
    const pageB = await contextB.newPage()
    const errorsB = watchPageErrors(pageB)
    await pageB.goto('/')
    const cardB = pageB.locator(`[data-post-id="${post.id}"]`)
    await cardB.getByRole('button', { name: /Like this post/ }).click()
    await cardB.getByRole('button', { name: /Unlike this post/ }).waitFor()

    // A: the bell says 1 and the card says "1 like", without a reload.
    const started = Date.now()
    await bellA.filter({ hasText: '1' }).waitFor({ timeout: 10_000 })
    const bellLatency = Date.now() - started
    await pageA.locator(`[data-post-id="${post.id}"]`).getByText('1 like').waitFor()
    // The other tab got it too, at the top of its list.
    await tabA.getByTestId('notification-count').filter({ hasText: '1' }).waitFor()
    await tabA
      .getByTestId('notification-row')
      .filter({ hasText: 'Ben Brooks liked your post' })
      .waitFor()

    // Cleo likes it too: grouped into one notification.
    const { default: TogglePostLike } = await import('#actions/engagement/toggle_post_like')
    await new TogglePostLike().handle(cleo, post, true)
    await pageA.locator(`[data-post-id="${post.id}"]`).getByText('2 likes').waitFor()
    await tabA
      .getByTestId('notification-row')
      .filter({ hasText: 'Cleo Chen and Ben Brooks liked your post' })
      .waitFor()
    assert.equal(await tabA.getByTestId('notification-row').count(), 1, 'grouped')
    const bellText = await bellA.textContent()
    assert.equal(bellText?.trim(), '1')

    // The dropdown lists it; screenshots light and dark.
    await pageA.getByTestId('notification-bell').click()
    await pageA
      .getByTestId('notification-item')
      .filter({ hasText: 'Cleo Chen and Ben Brooks liked your post' })
      .waitFor()
    await pageA.waitForTimeout(300)
    await viewportShot(pageA, 'notifications-dropdown-light')
    await darkMode(pageA)
    await viewportShot(pageA, 'notifications-dropdown-dark')

    // Clicking opens the post and marks it read, here and in the other tab.
    await pageA.getByTestId('notification-item').first().click()
    await pageA.waitForURL((url) => url.pathname === `/posts/${post.id}`)
    await bellA.waitFor({ state: 'detached' })
    await tabA.getByTestId('notification-count').waitFor({ state: 'detached' })
    await tabA.locator('[data-testid="notification-row"][data-read="true"]').waitFor()

    assert.isBelow(bellLatency, 10_000)
    assert.deepEqual(errorsA, [])
    assert.deepEqual(errorsB, [])
    await contextB.close()
  })

  test('new posts arrive as "N new posts" (visibility rule applied); clicking loads them on top', async ({
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Feed', username: 'ana_f' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Feed', username: 'ben_f' }).create()
    const blocked = await UserFactory.merge({
      fullName: 'Blocked Person',
      username: 'blk_f',
    }).create()
    await block(ana, blocked)
    await makePost(ben, { body: 'An older post' })

    await browserContext.loginAs(ana)
    const page = await browserContext.newPage()
    const errors = watchPageErrors(page)
    await page.goto('/')
    await page.getByTestId('post-card').first().waitFor()
    await waitUntilLive(page)
    const bar = page.getByTestId('new-posts-bar')

    await new CreatePost().handle({
      author: ben,
      body: '<p>Fresh news one</p>',
      audience: 'team',
      files: [],
    })
    await bar.filter({ hasText: '1 new post' }).waitFor({ timeout: 10_000 })
    await new CreatePost().handle({
      author: blocked,
      body: '<p>Hidden</p>',
      audience: 'team',
      files: [],
    })
    await new CreatePost().handle({
      author: ben,
      body: '<p>Fresh news two</p>',
      audience: 'team',
      files: [],
    })
    await bar.filter({ hasText: '2 new posts' }).waitFor({ timeout: 10_000 })
    await page.waitForTimeout(800)
    const barText = await bar.textContent()
    assert.equal(barText?.trim(), '2 new posts', 'the blocked author’s post never counts')
    await screenshot(page, 'feed-new-posts-bar-light')
    await darkMode(page)
    await screenshot(page, 'feed-new-posts-bar-dark')

    await bar.click()
    await bar.waitFor({ state: 'detached' })
    const texts = await page.getByTestId('post-card').allTextContents()
    assert.include(texts[0], 'Fresh news two')
    assert.include(texts[1], 'Fresh news one')
    assert.notInclude(texts.join(' '), 'Hidden')
    assert.deepEqual(errors, [])
  })

  test('the notifications page (light, dark, phone) and the admin’s "online now"', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin')
      .merge({ fullName: 'Ada Admin', username: 'ada_n' })
      .create()
    const ben = await UserFactory.merge({ fullName: 'Ben Online', username: 'ben_o' }).create()
    const cleo = await UserFactory.merge({ fullName: 'Cleo Writer', username: 'cleo_o' }).create()
    const post = await makePost(admin, { body: 'Welcome to the new office, everyone!' })
    await new CreateComment().handle(cleo, post, 'Looks great')
    await new Notify().handle({
      recipientId: admin.id,
      kind: 'registration_pending',
      actorId: ben.id,
      target: { type: 'user', id: ben.id },
    })
    await new Notify().handle({
      recipientId: admin.id,
      kind: 'post_mentioned',
      actorId: cleo.id,
      target: { type: 'post', id: post.id },
    })

    await browserContext.loginAs(admin)
    const page = await browserContext.newPage()
    const errors = watchPageErrors(page)
    await page.goto('/notifications')
    await page.getByTestId('notification-row').first().waitFor()
    assert.equal(await page.getByTestId('notification-row').count(), 3)
    await page.getByTestId('notification-count').filter({ hasText: '3' }).waitFor()
    await screenshot(page, 'notifications-page-admin-light')

    // Mark one read, then all.
    await page.getByTestId('notification-mark-read').first().click()
    await page.getByTestId('notification-count').filter({ hasText: '2' }).waitFor()
    await page.getByTestId('notifications-page-mark-all').click()
    await page.getByTestId('notification-count').waitFor({ state: 'detached' })
    assert.equal(await page.locator('[data-read="false"]').count(), 0)
    await darkMode(page)
    await screenshot(page, 'notifications-page-admin-dark')

    // Online now: the admin, then Ben joins.
    await page.goto('/admin')
    await waitUntilLive(page)
    const figure = page.getByTestId('online-now')
    await figure.getByText('1', { exact: true }).waitFor({ timeout: 10_000 })
    const contextB = await secondContext(browser, page, ben)
    const pageB = await contextB.newPage()
    await pageB.goto('/notifications')
    await waitUntilLive(pageB)
    await figure.getByText('2', { exact: true }).waitFor({ timeout: 10_000 })
    await screenshot(page, 'dashboard-online-now-dark')
    await pageB.setViewportSize({ width: 375, height: 740 })
    await screenshot(pageB, 'notifications-page-member-phone')
    await contextB.close()
    await figure.getByText('1', { exact: true }).waitFor({ timeout: 15_000 })
    assert.deepEqual(errors, [])
  })

  test('nothing lost: a notification stored while A’s socket is down shows when it is back', async ({
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Away', username: 'ana_away' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Liker', username: 'ben_away' }).create()
    const post = await makePost(ana, { body: 'While you were away' })
    await browserContext.loginAs(ana)
    const page = await browserContext.newPage()
    await page.goto('/notifications')
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
    await waitUntilLive(page)

    await page.evaluate(() => (globalThis as any).Echo.connector.pusher.disconnect())
    await page.waitForFunction(
      () => (globalThis as any).Echo.connector.pusher.connection.state === 'disconnected'
    )
    const { default: TogglePostLike } = await import('#actions/engagement/toggle_post_like')
    await new TogglePostLike().handle(ben, post, true)
    await page.waitForTimeout(500)
    assert.equal(await page.getByTestId('notification-row').count(), 0, 'not delivered yet')

    await page.evaluate(() => (globalThis as any).Echo.connector.pusher.connect())
    await page
      .getByTestId('notification-row')
      .filter({ hasText: 'Ben Liker liked your post' })
      .waitFor({ timeout: 20_000 })
    await page.getByTestId('notification-count').filter({ hasText: '1' }).waitFor()

    // The dropdown's "Mark all read" is reached with the keyboard and keeps the menu open.
    await page.getByTestId('notification-bell').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('notification-item').first().waitFor()
    await page.getByRole('menuitem', { name: 'Mark all read' }).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('notification-count').waitFor({ state: 'detached' })
    assert.equal(await page.getByTestId('notification-menu').count(), 1, 'the menu stays open')
    await page.locator('[data-testid="notification-row"][data-read="true"]').waitFor()
  })
})
