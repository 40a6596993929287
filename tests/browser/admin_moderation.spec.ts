import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { BrowserContext, Page } from 'playwright'
import Post from '#models/post'
import Report from '#models/report'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import CreatePost from '#actions/posts/create_post'
import CreateReport from '#actions/people/create_report'
import { makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, waitUntilLive, watchPageErrors } from '#tests/helpers/browser'

/** Fresh values read from the database. */
async function postOf(id: number) {
  return Post.findOrFail(id)
}
async function isActive(id: number) {
  const user = await User.findOrFail(id)
  return user.isActive
}

/**
 * Moderation in real browsers (issue 19 §2): a member's public post waits
 * and another member reports a post and a person → the admin's queue page
 * counts both live; the admin approves the post from the queue (its
 * author's bell goes up live), resolves the report by removing the post
 * (the reporter is notified), blocks the offender from their report (their
 * next request is signed out), unpublishes a post from Team posts; the
 * dashboard counts the queue and the reports before, and the audit log lists
 * every decision after.
 * Screenshots of every page, light and dark, desktop and phone.
 */
const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

async function secondContext(browser: any, page: Page, user: User): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin })
  await context.loginAs(user)
  return context
}

/** The theme as the app applies it at load (the class on <html>), without a reload. */
async function theme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme })
  await page.evaluate(
    (dark) => (globalThis as any).document.documentElement.classList.toggle('dark', dark),
    scheme === 'dark'
  )
  await page.waitForTimeout(150)
}

/** Light and dark on a desktop and on a phone, of the page as it is. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP)
  await theme(page, 'light')
  await screenshot(page, `${name}-light`)
  await theme(page, 'dark')
  await screenshot(page, `${name}-dark`)
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(150)
  await screenshot(page, `${name}-phone-dark`)
  await theme(page, 'light')
  await screenshot(page, `${name}-phone-light`)
  await page.setViewportSize(DESKTOP)
}

test.group('Browser / admin moderation and reports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('queue live, approve (bell live), resolve by removing, block, unpublish', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const ana = await UserFactory.merge({ fullName: 'Ana Author', username: 'ana_m' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Reporter', username: 'ben_m' }).create()
    const cleo = await UserFactory.merge({
      fullName: 'Cleo Offender-with-a-verylongunbrokennamethatgoesonandon',
      username: 'cleo_m',
    }).create()
    const spam = await makePost(cleo, {
      audience: 'public',
      body: 'Buy cheap watches at example dot com, best prices, supercalifragilisticexpialidocious',
    })
    await makePost(ana, { audience: 'team', body: 'Team standup moved to 10:00' })

    await browserContext.loginAs(admin)
    const page = await browserContext.newPage()
    await page.setViewportSize(DESKTOP)
    const errors = watchPageErrors(page)
    await page.goto('/admin/moderation')
    await page.getByRole('heading', { name: 'Moderation queue', level: 1 }).waitFor()
    await page.getByText('Nothing waits for review').waitFor()
    await waitUntilLive(page)
    await shots(page, 'moderation-queue-empty')

    // Ana's page is open (her bell); she publishes a public post: it waits.
    const anaContext = await secondContext(browser, page, ana)
    const anaPage = await anaContext.newPage()
    await anaPage.goto('/')
    await waitUntilLive(anaPage)
    const post = await new CreatePost().handle({
      author: ana,
      body: 'Open day on Saturday, everyone welcome!',
      audience: 'public',
      files: [],
    })
    assert.equal(post.status, 'pending')
    // Ben reports Cleo's post and Cleo.
    await new CreateReport().handle(ben, {
      type: 'post',
      id: spam.id,
      reason: 'spam',
      details: 'An advert',
    })
    await new CreateReport().handle(ben, {
      type: 'user',
      id: cleo.id,
      reason: 'harassment',
      details: null,
    })

    // The admin's counts moved without a reload, the menu's badges too.
    await page.getByTestId('pending-count').filter({ hasText: '1 post waits' }).waitFor()
    await page.getByTestId('open-reports-count').filter({ hasText: '2 reported items' }).waitFor()
    const menu = page.getByRole('navigation', { name: 'Admin' }).first()
    await menu.getByTestId('moderation-badge-pendingPosts').filter({ hasText: '1' }).waitFor()
    await menu.getByTestId('moderation-badge-openReports').filter({ hasText: '2' }).waitFor()
    await page.getByRole('button', { name: 'Refresh' }).click()
    const items = page.getByTestId('queue-item')
    await items.first().waitFor()
    assert.equal(await items.count(), 1)
    await page.getByText('Open day on Saturday, everyone welcome!').waitFor()
    await shots(page, 'moderation-queue')

    // The dashboard counts both, each figure linking to its queue.
    await page.goto('/admin')
    const pendingFigure = page.getByTestId('figure-pendingPosts')
    await pendingFigure.waitFor()
    const pendingValue = await pendingFigure.locator('dd').first().textContent()
    assert.equal(pendingValue?.trim(), '1')
    const reportsValue = await page
      .getByTestId('figure-openReports')
      .locator('dd')
      .first()
      .textContent()
    assert.equal(reportsValue?.trim(), '2')
    await pendingFigure.getByRole('link').click()
    await page.waitForURL((url) => url.pathname === '/admin/moderation')
    await items.first().waitFor()
    await waitUntilLive(page)

    // Approve from the queue: Ana's bell goes up live.
    await page.getByRole('button', { name: `Approve post ${post.id} by Ana Author` }).click()
    await page.getByText('1 post approved and published.').waitFor()
    await anaPage.getByTestId('notification-count').filter({ hasText: '1' }).waitFor({
      timeout: 10_000,
    })
    const approved = await postOf(post.id)
    assert.equal(approved.status, 'published')

    // Reports: two targets, open the post's.
    // (The menu entry's name carries its badge: "Reports 2 open reports".)
    await page
      .getByRole('link', { name: /^Reports( \d+ open reports?)?$/ })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === '/admin/reports')
    const groups = page.getByTestId('report-group')
    await groups.first().waitFor()
    assert.equal(await groups.count(), 2)
    await shots(page, 'reports-index')
    await groups.filter({ hasText: 'Buy cheap watches' }).getByRole('link').click()
    await page.waitForURL((url) => url.pathname === `/admin/reports/post/${spam.id}`)
    await page.getByRole('heading', { name: /Reported post by Cleo/, level: 1 }).waitFor()
    await shots(page, 'reports-show-post')
    await page.getByLabel('Remove the post').check()
    await page.getByLabel('Moderator notes').fill('Advertising is not allowed.')
    await page.getByRole('button', { name: 'Resolve', exact: true }).click()
    await page.getByText('The reports are resolved; the people who reported were told.').waitFor()
    await page.getByText('This post was removed.').waitFor()
    const removed = await postOf(spam.id)
    assert.isNotNull(removed.deletedAt)
    const resolved = await Report.query().where('subject_type', 'post').firstOrFail()
    assert.equal(resolved.status, 'resolved')
    await shots(page, 'reports-show-resolved')

    // Cleo's page is open; the admin blocks her from her report.
    const cleoContext = await secondContext(browser, page, cleo)
    const cleoPage = await cleoContext.newPage()
    await cleoPage.goto('/')
    await page.goto(`/admin/reports/user/${cleo.id}`)
    await page.getByRole('heading', { name: /Reported person: Cleo/, level: 1 }).waitFor()
    await shots(page, 'reports-show-person')
    await page.getByLabel('Block the account').check()
    await page.getByRole('button', { name: 'Resolve', exact: true }).click()
    await page.getByText('The reports are resolved; the people who reported were told.').waitFor()
    assert.isFalse(await isActive(cleo.id))
    await cleoPage.reload()
    await cleoPage.waitForURL((url) => url.pathname === '/login' || url.pathname === '/')
    assert.notEqual(await cleoPage.getByRole('heading', { level: 1 }).first().textContent(), 'Home')
    const resolvedByBen = await Report.query()
      .where('reporter_id', ben.id)
      .where('status', 'resolved')
    assert.lengthOf(resolvedByBen, 2)

    // Team posts: unpublish Ana's team post with a reason.
    await page.goto('/admin/moderation/posts')
    await page.getByRole('heading', { name: 'Team posts', level: 1 }).waitFor()
    await shots(page, 'team-posts')
    const standup = await Post.query()
      .where('body_text', 'Team standup moved to 10:00')
      .firstOrFail()
    await page.getByRole('button', { name: `Unpublish post ${standup.id} by Ana Author` }).click()
    const dialog = page.getByRole('dialog', { name: 'Unpublish this post?' })
    await dialog.getByRole('button', { name: 'Unpublish post' }).click()
    await dialog.getByText('Tell the author why the post is unpublished.').waitFor()
    await dialog.getByLabel('Reason').fill('Wrong audience: this belongs in the team channel.')
    await dialog.getByRole('button', { name: 'Unpublish post' }).click()
    await page
      .getByText('The post is unpublished and waits for review; its author was told why.')
      .waitFor()
    const unpublished = await postOf(standup.id)
    assert.equal(unpublished.status, 'pending')

    // The audit log lists the admin's actions, newest first.
    await page.goto('/admin/audit')
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    const actions = await page.getByTestId('audit-action').allTextContents()
    for (const label of [
      'Post approved',
      'Post deleted',
      'Reports resolved',
      'Account blocked',
      'Post unpublished',
    ]) {
      assert.include(
        actions.map((text) => text.trim()),
        label
      )
    }
    await shots(page, 'audit-log-after-moderation')

    // Settings: the moderation policy.
    await page.goto('/admin/settings')
    await page.getByText('Moderation policy').waitFor()
    await page.getByLabel('Every post needs approval').check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved.').waitFor()
    await shots(page, 'settings-moderation-policy')

    assert.deepEqual(errors, [])
    await anaContext.close()
    await cleoContext.close()
  })
})
