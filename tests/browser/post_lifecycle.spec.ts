import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import { UserFactory } from '#database/factories/user_factory'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import * as fixtures from '#tests/fixtures/media_files'

/**
 * Issue 3 §6, the whole life of a post with two people in two browsers:
 * the author composes a post with two images and a mention → it shows in
 * the teammate's feed → the teammate likes and comments → the counts are
 * right for both → the author edits and removes every image → deletes it,
 * and it is gone from the teammate's feed.
 */
test.group('Browser / a post from composer to deletion', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('compose with two images and a mention, like and comment, edit away the media, delete', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const author = await UserFactory.merge({ fullName: 'Rita Writer', username: 'rita' }).create()
    const teammate = await UserFactory.merge({ fullName: 'Sam Reader', username: 'sam' }).create()

    // The author writes: text, a mention picked from the autocomplete, two images.
    await browserContext.loginAs(author)
    const pageA = await browserContext.newPage()
    pageA.setDefaultTimeout(20_000)
    const errorsA = watchPageErrors(pageA)
    await pageA.goto('/posts/new')
    await pageA.getByRole('heading', { name: 'New post', level: 1 }).waitFor()
    await pageA.getByRole('textbox', { name: 'Your post' }).click()
    await pageA.keyboard.type('Offsite photos, thanks @sa')
    await pageA.getByRole('option', { name: /Sam Reader/ }).waitFor()
    await pageA.keyboard.press('Enter')
    await pageA.keyboard.type('for organising')
    await pageA.locator('input[type="file"]').setInputFiles([
      {
        name: 'lake.jpg',
        mimeType: 'image/jpeg',
        buffer: await fixtures.jpeg(900, 600, '#2a7ab0'),
      },
      { name: 'hills.png', mimeType: 'image/png', buffer: await fixtures.png(800, 600) },
    ])
    await pageA.getByRole('listitem').filter({ hasText: 'lake.jpg' }).waitFor()
    await pageA.getByRole('listitem').filter({ hasText: 'hills.png' }).waitFor()
    await pageA.getByRole('button', { name: 'Post', exact: true }).click()
    await pageA.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname))
    const post = await Post.findByOrFail('author_id', author.id)
    assert.equal(post.mediaCount, 2)
    assert.include(post.bodyHtml, `data-id="${teammate.id}"`)

    // The teammate sees it in the home feed, with both images.
    const origin = new URL(pageA.url()).origin
    const contextB = await browser.newContext({ baseURL: origin })
    await (contextB as any).loginAs(teammate)
    try {
      const pageB = await contextB.newPage()
      pageB.setDefaultTimeout(20_000)
      const errorsB = watchPageErrors(pageB)
      await pageB.goto('/')
      const cardB = pageB.locator(`[data-post-id="${post.id}"]`)
      await cardB.waitFor()
      await cardB.getByText('Offsite photos, thanks').waitFor()
      await cardB.locator('.mention', { hasText: '@sam' }).waitFor()
      assert.equal(await cardB.getByRole('button', { name: /Open image/ }).count(), 2)

      // Likes and comments: the card changes in place.
      await cardB.getByRole('button', { name: /Like this post/ }).click()
      await cardB.getByText('1 like').waitFor()
      await cardB.getByRole('button', { name: 'Comment' }).click()
      await cardB.getByLabel('Write a comment').fill('Great pictures!')
      await cardB.getByRole('button', { name: 'Send comment' }).click()
      await cardB.getByText('1 comment').waitFor()
      await cardB.getByText('Great pictures!').waitFor()
      await screenshot(pageB, 'post-lifecycle-teammate-feed')

      await post.refresh()
      assert.equal(post.likesCount, 1)
      assert.equal(post.commentsCount, 1)
      const likeRows = await db.from('post_likes').where('post_id', post.id).count('* as n')
      const commentRows = await db
        .from('comments')
        .where('post_id', post.id)
        .whereNull('deleted_at')
        .count('* as n')
      assert.equal(Number(likeRows[0].n), 1)
      assert.equal(Number(commentRows[0].n), 1)

      // The author's page shows the same counts.
      await pageA.goto(`/posts/${post.id}`)
      const cardA = pageA.locator(`[data-post-id="${post.id}"]`)
      await cardA.getByText('1 like').waitFor()
      await cardA.getByText('1 comment').waitFor()

      // The author edits: every image removed, the text kept.
      await pageA.goto(`/posts/${post.id}/edit`)
      await pageA.getByRole('heading', { name: 'Edit post', level: 1 }).waitFor()
      await pageA.getByRole('button', { name: 'Remove lake.jpg' }).click()
      await pageA.getByRole('button', { name: 'Remove hills.png' }).click()
      await pageA.getByRole('button', { name: 'Save changes' }).click()
      await pageA.waitForURL((url) => url.pathname === `/posts/${post.id}`)
      await pageA.getByText('Your changes are saved.').waitFor()
      await post.refresh()
      assert.equal(post.mediaCount, 0)
      const media = await db.from('media').where('post_id', post.id).count('* as n')
      assert.equal(Number(media[0].n), 0)
      assert.equal(await cardA.getByRole('button', { name: /Open image/ }).count(), 0)

      // …and deletes it, confirming in the dialog.
      await cardA.getByRole('button', { name: 'Post actions' }).click()
      await pageA.getByRole('menuitem', { name: 'Delete' }).click()
      await pageA.getByRole('dialog', { name: 'Delete this post?' }).waitFor()
      await screenshot(pageA, 'post-lifecycle-delete-confirm')
      await pageA.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await pageA.waitForURL((url) => url.pathname === '/')
      await post.refresh()
      assert.isNotNull(post.deletedAt)

      // Gone for the teammate too.
      await pageB.goto('/')
      await pageB.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
      assert.equal(await pageB.locator(`[data-post-id="${post.id}"]`).count(), 0)
      const direct = await pageB.goto(`/posts/${post.id}`)
      assert.equal(direct?.status(), 404)
      assert.deepEqual(errorsB, [])
    } catch (error) {
      for (const page of contextB.pages()) await screenshot(page, 'post-lifecycle-FAILED-teammate')
      throw error
    } finally {
      await contextB.close()
    }
    assert.deepEqual(errorsA, [])
  })
})
