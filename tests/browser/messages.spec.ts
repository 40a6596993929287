import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import { UserFactory } from '#database/factories/user_factory'
import { screenshot, waitUntilLive, watchPageErrors } from '#tests/helpers/browser'
import * as fixtures from '#tests/fixtures/media_files'

/**
 * Private messages in two browser contexts (issue 4 §5): Ana writes to Ben,
 * Ben sees it without reloading and his "Messages" badge goes up; Ben
 * opens it and Ana sees "Seen"; typing shows on the other side.
 */
test.group('Browser / messages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('A messages B: live delivery, unread badge, typing and the read receipt', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Alvarez', username: 'ana_m' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Brooks', username: 'ben_m' }).create()

    await browserContext.loginAs(ana)
    const pageA = await browserContext.newPage()
    const errorsA = watchPageErrors(pageA)
    await pageA.goto('/messages/ben_m')
    await pageA.getByRole('heading', { name: 'Ben Brooks', level: 1 }).waitFor()
    await waitUntilLive(pageA)

    const contextB = await browser.newContext({ baseURL: pageA.url().replace(/\/messages.*$/, '') })
    await (contextB as any).loginAs(ben)
    const pageB = await contextB.newPage()
    const errorsB = watchPageErrors(pageB)
    await pageB.goto('/messages')
    await pageB.getByRole('heading', { name: 'Messages', level: 1 }).waitFor()
    await waitUntilLive(pageB)
    const badgeB = pageB.getByTestId('messages-badge')
    assert.equal(await badgeB.count(), 0, 'no unread message yet')

    // A writes: B's list and badge change without a reload.
    const input = pageA.getByRole('textbox', { name: 'Message to Ben Brooks' })
    await input.fill('Hi Ben, lunch at noon?')
    await input.press('Enter')
    await pageA.getByTestId('message-body').filter({ hasText: 'Hi Ben, lunch at noon?' }).waitFor()
    await badgeB.filter({ hasText: '1' }).waitFor()
    await pageB.getByTestId('conversation').filter({ hasText: 'Hi Ben, lunch at noon?' }).waitFor()
    await screenshot(pageB, 'messages-index-unread')

    // B opens it: the badge goes, A sees "Seen".
    await pageB.getByTestId('conversation').filter({ hasText: 'Ana Alvarez' }).click()
    await pageB.getByRole('heading', { name: 'Ana Alvarez', level: 1 }).waitFor()
    await pageB.getByTestId('message-body').filter({ hasText: 'Hi Ben, lunch at noon?' }).waitFor()
    // Read by the page's POST once shown (the GET writes nothing): the badge goes.
    await badgeB.waitFor({ state: 'detached' })
    await pageA.getByTestId('seen').waitFor()

    // B types: A sees it; B answers with a photo and a PDF, A gets them live.
    await waitUntilLive(pageB)
    const inputB = pageB.getByRole('textbox', { name: 'Message to Ana Alvarez' })
    await inputB.pressSequentially('Sure', { delay: 30 })
    await pageA.getByTestId('typing').filter({ hasText: 'Ben is typing…' }).waitFor()
    await pageB.getByTestId('message-files').setInputFiles([
      { name: 'menu.jpg', mimeType: 'image/jpeg', buffer: await fixtures.jpeg(800, 600, '#3a7') },
      { name: 'menu.pdf', mimeType: 'application/pdf', buffer: fixtures.pdf() },
    ])
    await inputB.fill('Sure! Here is the menu.')
    await pageB.getByRole('button', { name: 'Send' }).click()
    await pageA.getByTestId('message-body').filter({ hasText: 'Sure! Here is the menu.' }).waitFor()
    await pageA.getByRole('img', { name: 'menu.jpg' }).waitFor()
    await pageA.getByRole('link', { name: 'menu.pdf' }).waitFor()
    // A is looking at the conversation: it is read at once, B sees "Seen".
    await pageB.getByTestId('seen').waitFor()
    await pageA.getByTestId('typing').waitFor({ state: 'detached' })

    await screenshot(pageA, 'messages-show-light')
    await pageA.emulateMedia({ colorScheme: 'dark' })
    await pageA.evaluate(() => (globalThis as any).document.documentElement.classList.add('dark'))
    await pageA.waitForTimeout(400)
    await screenshot(pageA, 'messages-show-dark')
    await pageA.setViewportSize({ width: 375, height: 740 })
    await screenshot(pageA, 'messages-show-mobile')
    await pageB.emulateMedia({ colorScheme: 'dark' })
    await pageB.goto('/messages')
    await pageB.getByTestId('conversation').first().waitFor()
    await pageB.evaluate(() => (globalThis as any).document.documentElement.classList.add('dark'))
    await screenshot(pageB, 'messages-index-dark')

    assert.deepEqual(errorsA, [], errorsA.join('\n'))
    assert.deepEqual(errorsB, [], errorsB.join('\n'))
    await contextB.close()
  })

  test('history loads older messages when scrolled to the top, keeping the position', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const ana = await UserFactory.merge({ username: 'ana_h' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben History', username: 'ben_h' }).create()
    const { default: SendMessage } = await import('#actions/messages/send_message')
    for (let i = 1; i <= 45; i++) {
      await new SendMessage().handle({
        sender: ben,
        recipient: ana,
        body: `Old message ${i}`,
        files: [],
      })
    }
    await browserContext.loginAs(ana)
    const page = await visit('/messages/ben_h')
    await page
      .getByTestId('message-body')
      .filter({ hasText: /^Old message 45$/ })
      .waitFor()
    assert.equal(await page.getByTestId('message').count(), 30)
    const anchor = page.getByTestId('message-body').filter({ hasText: /^Old message 16$/ })
    const history = page.getByTestId('message-history')
    await history.evaluate((box: any) => (box.scrollTop = 0))
    await page
      .getByTestId('message-body')
      .filter({ hasText: /^Old message 1$/ })
      .waitFor({ state: 'attached' })
    assert.equal(await page.getByTestId('message').count(), 45)
    // The message that was at the top stays there (older ones went above it).
    const box = await history.boundingBox()
    const after = await anchor.boundingBox()
    assert.isBelow(Math.abs(after!.y - box!.y), 150, 'scroll position kept')
    await screenshot(page, 'messages-history')
  })

  test('nothing lost: what arrives while B is offline shows when B is back', async ({
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Offline', username: 'ana_o' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Offline', username: 'ben_o' }).create()
    await browserContext.loginAs(ben)
    const pageB = await browserContext.newPage()
    await pageB.goto('/messages/ana_o')
    await pageB.getByRole('heading', { name: 'Ana Offline', level: 1 }).waitFor()
    await waitUntilLive(pageB)

    // The socket goes down (events sent meanwhile are missed by this page)…
    await pageB.evaluate(() => (globalThis as any).Echo.connector.pusher.disconnect())
    await pageB.waitForFunction(
      () => (globalThis as any).Echo.connector.pusher.connection.state === 'disconnected'
    )
    const { default: SendMessage } = await import('#actions/messages/send_message')
    await new SendMessage().handle({
      sender: ana,
      recipient: ben,
      body: 'Sent while you were away',
      files: [],
    })
    await pageB.waitForTimeout(500)
    assert.equal(
      await pageB
        .getByTestId('message-body')
        .filter({ hasText: 'Sent while you were away' })
        .count(),
      0,
      'not delivered while disconnected'
    )
    // …and comes back: the page catches up from the server.
    await pageB.evaluate(() => (globalThis as any).Echo.connector.pusher.connect())
    await pageB
      .getByTestId('message-body')
      .filter({ hasText: 'Sent while you were away' })
      .waitFor({ timeout: 20_000 })
  })
})
