import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { forgetTeamPanel } from '#services/team_panel'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import { addMedia, comment, makePost } from '#tests/functional/feeds/fixtures'

// Runs inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const window: any
declare const document: any

/**
 * The feed in a real browser: infinite scroll with the end marker, likes
 * and comments updating one card without reloading the list, rollback on
 * a failed like, phone and dark-mode rendering.
 */
test.group('Browser / feeds', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  test('scrolling loads the next posts and ends with the end marker', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    for (let i = 0; i < 26; i++) await makePost(writer, { body: `Update number ${i + 1}` })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    await page.getByText('Update number 26', { exact: true }).waitFor()
    assert.equal(await page.getByTestId('post-card').count(), 20)

    await page.getByTestId('post-card').last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 5000)
    await page.getByText('Update number 1', { exact: true }).waitFor()
    await page.getByTestId('feed-end').waitFor()
    assert.equal(await page.getByTestId('post-card').count(), 26)
    assert.equal(new URL(page.url()).pathname, '/')
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('a page that fails to load offers a retry that loads it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    for (let i = 0; i < 23; i++) await makePost(writer, { body: `Item ${i + 1}` })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    await page.getByText('Item 23', { exact: true }).waitFor()
    const nextPage = (url: URL) => url.searchParams.has('cursor')
    await page.route(nextPage, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' })
    )
    await page.getByTestId('post-card').last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 5000)
    await page.getByText('The next posts could not be loaded.').waitFor()
    // The failed reply also shows in Inertia's error modal (seed §7): close it.
    await page.keyboard.press('Escape')
    await page.unroute(nextPage)
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByText('Item 1', { exact: true }).waitFor()
    await page.getByTestId('feed-end').waitFor()
    assert.equal(await page.getByTestId('post-card').count(), 23)
  })

  test('liking updates the card in place; the list is not reloaded', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await makePost(writer, { body: 'Like me' })
    await makePost(writer, { body: 'Another one' })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    const card = page.locator(`[data-post-id="${post.id}"]`)
    await card.waitFor()
    await page.evaluate(() => (window.__feedMarker = 'still here'))

    const button = card.getByRole('button', { name: /Like this post/ })
    await button.click()
    await card.getByRole('button', { name: /Unlike this post/ }).waitFor()
    await card.getByText('1 like').waitFor()
    const rows = await db.from('post_likes').where({ post_id: post.id, user_id: viewer.id })
    assert.lengthOf(rows, 1)
    assert.equal(await page.evaluate(() => window.__feedMarker), 'still here')
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('a like that fails on the server is rolled back with a message', async ({
    visit,
    browserContext,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await makePost(writer, { body: 'Flaky network' })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    await page.route('**/posts/*/like', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
    )
    const card = page.locator(`[data-post-id="${post.id}"]`)
    await card.getByRole('button', { name: /Like this post/ }).click()
    await page.getByText('Something went wrong. Please try again.').waitFor()
    await card.getByRole('button', { name: /^Like this post/ }).waitFor()
  })

  test('commenting from the feed adds the comment to that card', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await makePost(writer, { body: 'Comment here' })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    const card = page.locator(`[data-post-id="${post.id}"]`)
    await card.getByRole('button', { name: 'Comment' }).click()
    await card.getByLabel('Write a comment').fill('Looks great')
    await card.getByRole('button', { name: 'Send comment' }).click()
    await card.getByText('Looks great').waitFor()
    await card.getByText('1 comment').waitFor()
    const rows = await db.from('comments').where({ post_id: post.id, author_id: viewer.id })
    assert.lengthOf(rows, 1)
    if (errors.length) throw new Error(errors.join('\n'))
  })

  test('the feed renders on a phone and in dark mode without horizontal scrolling', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer, sharer] = await UserFactory.createMany(3)
    const withImages = await makePost(writer, { body: 'Team offsite photos', audience: 'public' })
    await addMedia(withImages, 'image', 5, { files: true })
    const original = await makePost(writer, { body: 'Original announcement', audience: 'public' })
    await makePost(sharer, { body: 'Worth reading', audience: 'public', sharedPost: original })
    await comment(viewer, withImages)
    await makePost(writer, {
      body: 'A long post. '.repeat(120),
    })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    await page.getByText('Team offsite photos').waitFor()
    // Every picture of the grid is served and decoded (no broken images).
    await page.waitForFunction(() => [...document.images].every((image) => image.complete))
    assert.deepEqual(
      await page.evaluate(() =>
        [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.src)
      ),
      []
    )
    assert.equal(await page.locator('img[src*="/media/"]').count(), 4)
    await screenshot(page, 'feeds-home-1280')

    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByText('Team offsite photos').waitFor()
    assert.isFalse(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    )
    await screenshot(page, 'feeds-home-375')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'feeds-home-dark')
  })

  test('clicking an image tile opens the lightbox', async ({ visit, browserContext }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await makePost(writer, { body: 'Gallery' })
    await addMedia(post, 'image', 3, { files: true })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const card = page.locator(`[data-post-id="${post.id}"]`)
    await card.getByRole('button', { name: 'Open image 2 of 3' }).click()
    await page.locator('.yarl__root').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('.yarl__root').waitFor({ state: 'detached' })
  })

  test('my posts show status badges; top posts and my likes show their empty states', async ({
    visit,
    browserContext,
  }) => {
    const me = await UserFactory.create()
    await makePost(me, { status: 'pending', audience: 'public', body: 'Waiting for review' })
    await browserContext.loginAs(me)
    const page = await visit('/my/posts')
    await page.getByText('Pending review').waitFor()
    await screenshot(page, 'feeds-my-posts')
    await page.goto('/top')
    await page.getByRole('heading', { name: 'No top posts yet' }).waitFor()
    await page.goto('/my/likes')
    await page.getByRole('heading', { name: 'No liked posts yet' }).waitFor()
  })
})
