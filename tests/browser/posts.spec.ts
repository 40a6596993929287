import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import Post from '#models/post'
import Media from '#models/media'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import * as fixtures from '#tests/fixtures/media_files'

/** The page's document inside page.evaluate (the server tsconfig has no DOM types). */
declare const document: any

/**
 * The posts flow in a real browser: the lazy TipTap editor (bold, @mention
 * autocomplete), attaching and cropping an image with upload progress, the
 * post page with the lightbox, and editing (removing every file).
 */
test.group('Browser / posts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('member writes a post with formatting, a mention and a cropped photo, then views it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.merge({ fullName: 'Paula Poster' }).create()
    const teammate = await UserFactory.merge({
      fullName: 'Quinn Mention',
      username: 'quinn',
    }).create()
    await browserContext.loginAs(author)
    const page = await visit('/posts/new')
    const errors = watchPageErrors(page)

    await page.getByRole('heading', { name: 'New post', level: 1 }).waitFor()
    const editor = page.getByRole('textbox', { name: 'Your post' })
    await editor.click()
    await page.keyboard.press('Control+b')
    await page.keyboard.type('Release day!')
    await page.keyboard.press('Control+b')
    await page.keyboard.type(' Thanks @qui')
    const option = page.getByRole('option', { name: /Quinn Mention/ })
    await option.waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.type(' see https://example.com')

    await page.locator('input[type="file"]').setInputFiles({
      name: 'team.jpg',
      mimeType: 'image/jpeg',
      buffer: await fixtures.jpeg(1200, 800, '#3366cc'),
    })
    await page.getByRole('listitem').filter({ hasText: 'team.jpg' }).waitFor()
    await page.getByRole('button', { name: 'Crop team.jpg' }).click()
    await page.getByRole('dialog', { name: 'Crop image' }).waitFor()
    await page.getByRole('radio', { name: 'Square' }).click()
    await page.getByRole('button', { name: 'Use cropped image' }).click()
    await page.getByRole('dialog', { name: 'Crop image' }).waitFor({ state: 'detached' })
    await screenshot(page, 'posts-composer')

    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname))
    await page.getByRole('heading', { name: 'Post by Paula Poster', level: 1 }).waitFor()
    await page.assertTextContains('body', 'Your post is published.')

    const post = await Post.findByOrFail('author_id', author.id)
    assert.include(post.bodyHtml, '<strong>Release day!</strong>')
    assert.include(post.bodyHtml, `<span class="mention" data-id="${teammate.id}">@quinn</span>`)
    assert.include(post.bodyHtml, '<a href="https://example.com"')
    const media = await Media.findByOrFail('post_id', post.id)
    assert.equal(media.width, media.height, 'the square crop was uploaded')
    await screenshot(page, 'posts-detail')

    await page.getByRole('button', { name: 'Open image' }).click()
    const lightbox = page.locator('.yarl__root')
    await lightbox.waitFor()
    await page.getByRole('button', { name: 'Zoom in' }).waitFor()
    await page.getByRole('button', { name: 'Download original' }).waitFor()
    await screenshot(page, 'posts-lightbox')
    await page.keyboard.press('Escape')
    await lightbox.waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  })

  test('a refused file shows its message next to it and nothing is posted', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.create()
    await browserContext.loginAs(author)
    const page = await visit('/posts/new')
    await page.getByRole('textbox', { name: 'Your post' }).click()
    await page.keyboard.type('Look at this')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'cute.png',
      mimeType: 'image/png',
      buffer: fixtures.htmlDisguisedAsPng(),
    })
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page
      .getByRole('listitem')
      .filter({ hasText: 'cute.png' })
      .getByRole('alert')
      .filter({ hasText: 'cute.png: this file type is not supported' })
      .waitFor()
    assert.equal(page.url().endsWith('/posts/new'), true)
    assert.isNull(await Post.findBy('author_id', author.id))
  })

  test('the author removes every file from a post on the edit page', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.create()
    await browserContext.loginAs(author)
    const page = await visit('/posts/new')
    await page.getByRole('textbox', { name: 'Your post' }).click()
    await page.keyboard.type('Two files')
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await fixtures.png(40, 30) },
      { name: 'b.pdf', mimeType: 'application/pdf', buffer: fixtures.pdf() },
    ])
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname))
    const post = await Post.findByOrFail('author_id', author.id)
    assert.equal(post.mediaCount, 2)

    await page.goto(`/posts/${post.id}/edit`)
    await page.getByRole('heading', { name: 'Edit post', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Remove a.png' }).click()
    await page.getByRole('button', { name: 'Remove b.pdf' }).click()
    await screenshot(page, 'posts-edit')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === `/posts/${post.id}`)
    await page.assertTextContains('body', 'Your changes are saved.')
    await post.refresh()
    assert.equal(post.mediaCount, 0)
    assert.equal(post.bodyText, 'Two files')
  })

  test('editing a post keeps its mentions, and the post page works in dark mode', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.create()
    const tagged = await UserFactory.merge({ fullName: 'Tina Tagged', username: 'tina' }).create()
    const post = await Post.create({
      authorId: author.id,
      bodyHtml: `<p>Hello <span class="mention" data-id="${tagged.id}">@tina</span></p>`,
      bodyText: 'Hello @tina',
      audience: 'team',
      status: 'published',
      sharedPostId: null,
      mediaCount: 0,
    })
    await browserContext.loginAs(author)
    const page = await visit(`/posts/${post.id}/edit`)
    const editor = page.getByRole('textbox', { name: 'Your post' })
    await editor.getByText('@tina').waitFor()
    await editor.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' and welcome!')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === `/posts/${post.id}`)
    await post.refresh()
    assert.equal(
      post.bodyHtml,
      `<p>Hello <span class="mention" data-id="${tagged.id}">@tina</span> and welcome!</p>`
    )
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await screenshot(page, 'posts-detail-dark')
  })

  test('the composer works on a phone-sized screen in dark mode', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.create()
    await browserContext.loginAs(author)
    const page = await visit('/posts/new')
    await page.setViewportSize({ width: 375, height: 800 })
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0)
    await screenshot(page, 'posts-composer-375-dark')
  })

  test('the "Post actions" menu starts from the stored mute and toggles it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [reader, author] = await UserFactory.createMany(2)
    const post = await makePost(author, { body: 'Mute me maybe' })
    await browserContext.loginAs(reader)
    const page = await visit(`/posts/${post.id}`)
    const errors = watchPageErrors(page)
    const card = page.locator(`[data-post-id="${post.id}"]`)

    await card.getByRole('button', { name: 'Post actions' }).click()
    await page.getByRole('menuitem', { name: 'Mute notifications' }).click()
    await page.getByRole('menu').waitFor({ state: 'detached' })
    const stored = () =>
      db.from('notification_mutes').where({ user_id: reader.id, target_id: post.id })
    await expectRows(stored, 1)

    // After a reload the menu says what is stored (it used to start at "Mute").
    await page.reload()
    await card.getByRole('button', { name: 'Post actions' }).click()
    await page.getByRole('menuitem', { name: 'Unmute notifications' }).waitFor()
    await screenshot(page, 'posts-menu-muted')
    await page.getByRole('menuitem', { name: 'Unmute notifications' }).click()
    await expectRows(stored, 0)
    assert.deepEqual(errors, [])
  })
})

/** Waits (up to 5 s) until `rows` returns `count` rows. */
async function expectRows(rows: () => Promise<unknown[]>, count: number) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = await rows()
    if (found.length === count) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const found = await rows()
  throw new Error(`expected ${count} row(s), found ${found.length}`)
}
