import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import Post from '#models/post'
import SendMessage from '#actions/messages/send_message'
import MarkConversationRead from '#actions/messages/mark_read'
import { forgetTeamPanel } from '#services/team_panel'
import { screenshot, waitUntilLive } from '#tests/helpers/browser'
import { makeMedia } from '#tests/functional/posts/_support'
import { PostFactory } from '#database/factories/post_factory'

// Runs inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const window: any

const DESKTOP = { width: 1280, height: 900 }

/**
 * Issue 17 item 5, what a user notices: mentions link to the profile, a
 * signed-out download link comes back after signing in, "Seen" is not
 * hidden under the composer, the sharer's count moves at once, an
 * external's side panel, and starting a conversation from Messages and
 * from search results.
 */
test.group('Browser / details a user notices', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('an @mention in a post is a link to the profile', async ({ browserContext, assert }) => {
    const viewer = await UserFactory.create()
    const ana = await UserFactory.merge({ fullName: 'Ana Mentioned', username: 'ana_m' }).create()
    await PostFactory.merge({
      authorId: viewer.id,
      bodyHtml: `<p>Thanks <span class="mention" data-id="${ana.id}">@ana_m</span>!</p>`,
      bodyText: 'Thanks @ana_m!',
    }).create()
    await browserContext.loginAs(viewer)
    const page = await browserContext.newPage()
    await page.goto('/')
    await waitUntilLive(page)
    // An Inertia visit, not a full page load: the marker survives.
    await page.evaluate(() => (window.samePage = true))
    await page.getByRole('main').getByRole('link', { name: '@ana_m', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/u/ana_m')
    await page.getByRole('heading', { name: 'Ana Mentioned', level: 1 }).waitFor()
    assert.isTrue(await page.evaluate(() => window.samePage))
  })

  test('a signed-out download link signs in on the plain page, then downloads', async ({
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const media = await makeMedia(post, Buffer.from('%PDF-1.4 hello'), 'application/pdf')
    const page = await browserContext.newPage()
    await page.goto(`/media/${media.id}?download=1`)
    await page.waitForURL((url) => url.pathname === '/login')
    assert.equal(new URL(page.url()).search, '')

    await page.getByLabel('E-mail or username').fill(author.email)
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const download = await downloading
    // The name's extension follows the sniffed type (a PDF stored as fixture.bin).
    assert.equal(download.suggestedFilename(), 'fixture.bin.pdf')
  })

  test('"Seen" shows in full above the composer at the end of a long conversation', async ({
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Alvarez', username: 'ana_s' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Brooks', username: 'ben_s' }).create()
    let sent!: Awaited<ReturnType<SendMessage['handle']>>
    for (let i = 1; i <= 30; i++) {
      sent = await new SendMessage().handle({
        sender: ana,
        recipient: ben,
        body: `Message number ${i}`,
        files: [],
      })
    }
    await browserContext.loginAs(ana)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 390, height: 740 })
    await page.goto('/messages/ben_s')
    await page.getByText('Message number 30').waitFor()
    await waitUntilLive(page)
    await new MarkConversationRead().handle(ben.id, ana.id, sent.conversationId)
    const seen = page.getByTestId('seen')
    await seen.waitFor()
    await page.waitForTimeout(300)
    const box = (await page.getByTestId('message-history').boundingBox())!
    const seenBox = (await seen.boundingBox())!
    await screenshot(page, 'messages-seen-390')
    assert.isAtMost(seenBox.y + seenBox.height, box.y + box.height, '"Seen" ends inside the list')
  })

  test('the sharer’s share count goes up at once, without the live event', async ({
    browserContext,
    assert,
  }) => {
    const sharer = await UserFactory.create()
    const author = await UserFactory.create()
    await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Worth sharing</p>',
      bodyText: 'Worth sharing',
    }).create()
    await browserContext.loginAs(sharer)
    const page = await browserContext.newPage()
    await page.goto('/')
    await page.getByText('Worth sharing').waitFor()
    // No live event may help: the count must come with the answer.
    await page.evaluate(() => window.Echo?.disconnect())
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share this post' })
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Read this one')
    await dialog.getByRole('button', { name: 'Share' }).click()
    await page.getByTestId('post-card').getByText('1 share', { exact: true }).waitFor()
    // The dialog's form sent its comment with the share.
    const share = await Post.findByOrFail('author_id', sharer.id)
    assert.include(share.bodyText, 'Read this one')
  })

  test('an external’s side panel says what their account can do', async ({ browserContext }) => {
    const guest = await UserFactory.apply('external').create()
    await browserContext.loginAs(guest)
    const page = await browserContext.newPage()
    await page.setViewportSize(DESKTOP)
    await page.goto('/public')
    const panel = page.getByTestId('team-panel')
    await panel.getByRole('heading', { name: 'Your guest account' }).waitFor()
    await panel.getByRole('link', { name: 'Read the public feed' }).waitFor()
    await page.getByText('No teammates to show yet').waitFor({ state: 'detached' })
    await screenshot(page, 'external-side-panel-1280')
  })

  test('"New message" on Messages picks a teammate and opens the conversation', async ({
    browserContext,
  }) => {
    const me = await UserFactory.create()
    await UserFactory.merge({ fullName: 'Carla Cortez', username: 'carla_c' }).create()
    await browserContext.loginAs(me)
    const page = await browserContext.newPage()
    await page.goto('/messages')
    await page.getByRole('button', { name: 'New message' }).click()
    await page.getByLabel('Name or username').fill('carla')
    await screenshot(page, 'messages-new-message-1280')
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Carla Cortez/ })
      .click()
    await page.waitForURL((url) => url.pathname === '/messages/carla_c')
    await page.getByRole('heading', { name: 'Carla Cortez', level: 1 }).waitFor()
  })

  test('a person found by search links to a conversation with them', async ({ browserContext }) => {
    const me = await UserFactory.create()
    await UserFactory.merge({ fullName: 'Dario Duarte', username: 'dario_d' }).create()
    await browserContext.loginAs(me)
    const page = await browserContext.newPage()
    await page.goto('/search?q=Dario')
    await page.getByRole('link', { name: 'Message Dario Duarte' }).click()
    await page.waitForURL((url) => url.pathname === '/messages/dario_d')
    await page.getByRole('heading', { name: 'Dario Duarte', level: 1 }).waitFor()
  })
})
