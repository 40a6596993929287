import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { Page } from 'playwright'
import { UserFactory } from '#database/factories/user_factory'
import Media from '#models/media'
import { forgetTeamPanel } from '#services/team_panel'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import { makePost } from '#tests/functional/feeds/fixtures'
import { makeMedia } from '#tests/functional/posts/_support'
import * as fixtures from '#tests/fixtures/media_files'

// Runs inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const document: any

async function shots(page: Page, name: string) {
  await screenshot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  await screenshot(page, `${name}-dark`)
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.emulateMedia({ colorScheme: 'light' })
  const size = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, `${name}-mobile`)
  if (size) await page.setViewportSize(size)
}

/**
 * Search, albums and comment images in a real browser: instant header
 * search (people and posts appear while typing, focus stays in the box),
 * opening a result; My photos with the lightbox; a comment with an image.
 */
test.group('Browser / search, albums, comment images', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('typing in the header search shows people and posts; a result opens', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const viewer = await UserFactory.merge({ fullName: 'Vera Viewer' }).create()
    const writer = await UserFactory.merge({
      fullName: 'Marta Fjordsen',
      username: 'marta',
    }).create()
    await UserFactory.merge({ fullName: 'Fjodor Kayakov', username: 'fjodor' }).create()
    await makePost(writer, { body: 'Our kayak trip along the fjord was <b>great</b>' })
    const photos = await makePost(writer, { body: 'Fjord photos are up, see the album' })
    await makePost(writer, { body: 'Nothing about water here' })

    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    const box = page.getByRole('searchbox', { name: 'Search people and posts' })
    await box.click()
    await box.pressSequentially('fjo', { delay: 60 })
    await page.waitForURL(/\/search\?q=fjo/)
    await page.getByTestId('person-result').filter({ hasText: 'Marta Fjordsen' }).waitFor()
    await page.getByTestId('person-result').filter({ hasText: 'Fjodor Kayakov' }).waitFor()
    await page.getByTestId('post-result').nth(1).waitFor()
    assert.equal(await page.getByTestId('post-result').count(), 2)
    assert.equal(await page.locator('mark').first().textContent(), 'Fjord')
    // Markup in a post is text in the snippet.
    await page.getByText('<b>great</b>', { exact: false }).waitFor()
    assert.isTrue(await page.evaluate(() => document.activeElement?.id === 'header-search-input'))

    // Keep typing: the results narrow without leaving the box.
    await box.pressSequentially('rd photos', { delay: 40 })
    await page.waitForURL(/q=fjord\+photos|q=fjord%20photos/)
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="post-result"]').length === 1
    )
    assert.equal(await page.getByTestId('person-result').count(), 0)
    assert.isTrue(await page.evaluate(() => document.activeElement?.id === 'header-search-input'))
    assert.equal(await box.inputValue(), 'fjord photos')
    await shots(page, 'search-results')

    await page.getByTestId('post-result').first().click()
    await page.waitForURL(`**/posts/${photos.id}`)
    await page.getByText('Fjord photos are up').first().waitFor()
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('an empty search is the team directory, sortable', async ({ visit, browserContext }) => {
    const viewer = await UserFactory.merge({ fullName: 'Ana Admin' }).create()
    for (const name of ['Bruno Busy', 'Chloe Calm', 'Dario Diaz']) {
      await UserFactory.merge({ fullName: name }).create()
    }
    await browserContext.loginAs(viewer)
    const page = await visit('/search')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor()
    await page.getByTestId('person-result').filter({ hasText: 'Dario Diaz' }).waitFor()
    await page.getByRole('button', { name: 'Newest' }).click()
    await page.waitForURL(/sort=newest/)
    await page.getByRole('button', { name: 'Newest', pressed: true }).waitFor()
    await page.getByTestId('person-result').first().filter({ hasText: 'Dario Diaz' }).waitFor()
    await shots(page, 'team-directory')
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('My photos shows my images; a tile opens the lightbox with arrows', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const me = await UserFactory.create()
    const post = await makePost(me, { body: 'Holiday' })
    const colors = ['#c33', '#3c3', '#33c']
    for (const color of colors)
      await makeMedia(post, await fixtures.jpeg(640, 480, color), 'image/jpeg')
    await browserContext.loginAs(me)
    const page = await visit('/photos')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'My photos', level: 1 }).waitFor()
    assert.equal(await page.getByTestId('album-tile').count(), 3)
    await page.getByTestId('album-end').waitFor()
    await shots(page, 'my-photos')

    await page.getByTestId('album-tile').first().getByRole('button').click()
    const lightbox = page.locator('.yarl__root')
    await lightbox.waitFor()
    await page.getByText('1 / 3').waitFor()
    await page.keyboard.press('ArrowRight')
    await page.getByText('2 / 3').waitFor()
    await screenshot(page, 'my-photos-lightbox')
    await page.keyboard.press('Escape')
    await lightbox.waitFor({ state: 'detached' })

    const empty = await visit('/videos')
    await empty.getByTestId('empty-state').waitFor()
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('a comment with an image: preview, send, thumbnail opens the lightbox', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [author, reader] = await UserFactory.createMany(2)
    const post = await makePost(author, { body: 'What do you think of the new office?' })
    await browserContext.loginAs(reader)
    const page = await visit(`/posts/${post.id}`)
    const errors = watchPageErrors(page)
    await page.getByText('What do you think of the new office?').first().waitFor()

    await page
      .getByTestId('comment-image-input')
      .first()
      .setInputFiles({
        name: 'desk.jpg',
        mimeType: 'image/jpeg',
        buffer: await fixtures.jpeg(800, 600, '#2a7'),
      })
    await page.getByTestId('comment-image-preview').waitFor()
    await page.getByRole('textbox', { name: 'Write a comment' }).first().fill('My new desk')
    await screenshot(page, 'comment-image-preview')
    await page.getByRole('button', { name: 'Send comment' }).first().click()

    const comment = page.getByTestId('comment').filter({ hasText: 'My new desk' })
    await comment.waitFor()
    await comment.getByTestId('comment-image').waitFor()
    assert.equal(await page.getByTestId('comment-image-preview').count(), 0)
    const stored = await Media.query().whereNotNull('comment_id')
    assert.lengthOf(stored, 1)
    await shots(page, 'comment-image')

    await comment.getByTestId('comment-image').click()
    await page.locator('.yarl__root').waitFor()
    await page.keyboard.press('Escape')
    if (errors.length) throw new Error(errors.join('\n'))
  })
})
