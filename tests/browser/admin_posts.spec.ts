import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import { UserFactory } from '#database/factories/user_factory'
import { addMedia, comment, like, makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

/**
 * The admin posts back office in a real browser: Team posts in the admin
 * menu (PostModerations/IndexST), filtering the list, opening a post,
 * editing it with the composer, and deleting one after confirming.
 */
test.group('Browser / admin posts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('admin opens Team posts, filters, opens a post, edits it and deletes another', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const ana = await UserFactory.merge({ fullName: 'Ana Writer', username: 'anaw' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Poster', username: 'benp' }).create()
    const teamPost = await makePost(ana, { body: 'Sprint demo moved to Thursday' })
    // Real pictures behind the fixture rows, so the grid and thumbnails show.
    await addMedia(teamPost, 'image', 2, { files: true })
    await like(ben, teamPost)
    await comment(ben, teamPost, 'Thanks for the heads-up')
    await makePost(ben, { audience: 'public', status: 'pending', body: 'Public hello from Ben' })
    const doomed = await makePost(ben, { body: 'Duplicate post, please remove' })

    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    const errors = watchPageErrors(page)
    await page.getByRole('link', { name: 'Team posts', exact: true }).first().click()
    await page.waitForURL((url) => url.pathname === '/admin/moderation/posts')
    await page.getByRole('heading', { name: 'Team posts', level: 1 }).waitFor()
    const rows = page.getByTestId('admin-post-row')
    assert.equal(await rows.count(), 3)
    await screenshot(page, 'admin-posts-index')

    // Filters: pending only, then back to all and search by username.
    await page.getByLabel('State').selectOption('pending')
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending')
    await page.getByText('Public hello from Ben').waitFor()
    assert.equal(await rows.count(), 1)
    await page.getByLabel('State').selectOption('all')
    await page.waitForURL((url) => !url.searchParams.has('status'))
    await page.getByRole('searchbox', { name: 'Filter posts by author username' }).fill('anaw')
    await page.waitForURL((url) => url.searchParams.get('q') === 'anaw')
    await page.getByText('Sprint demo moved to Thursday').waitFor()
    assert.equal(await rows.count(), 1)
    await screenshot(page, 'admin-posts-filtered')

    // Open it: counts and comments in the admin layout.
    await page.getByRole('link', { name: `View post ${teamPost.id} by Ana Writer` }).click()
    await page.waitForURL((url) => url.pathname === `/admin/posts/${teamPost.id}`)
    await page.getByRole('heading', { name: 'Post by Ana Writer', level: 1 }).waitFor()
    await page.getByText('Thanks for the heads-up').waitFor()
    assert.equal(await page.getByTestId('count-likes').textContent(), '1')
    assert.equal(await page.getByTestId('count-comments').textContent(), '1')
    await screenshot(page, 'admin-posts-show')

    // Edit it with the composer.
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/admin/posts/${teamPost.id}/edit`)
    await page.getByRole('heading', { name: 'Edit post by Ana Writer', level: 1 }).waitFor()
    const editor = page.getByRole('textbox', { name: 'Your post' })
    await editor.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' (room 4)')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === `/admin/posts/${teamPost.id}`)
    await page.assertTextContains('body', 'The changes are saved.')
    await teamPost.refresh()
    assert.include(teamPost.bodyText, 'Sprint demo moved to Thursday (room 4)')
    assert.equal(teamPost.status, 'published')

    // Delete another from the list, after confirming.
    await page.getByRole('link', { name: 'Team posts' }).first().click()
    await page.waitForURL((url) => url.pathname === '/admin/moderation/posts')
    await page.getByRole('button', { name: `Delete post ${doomed.id} by Ben Poster` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' })
    await dialog.waitFor()
    await screenshot(page, 'admin-posts-delete-confirm')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.assertTextContains('body', 'The post was deleted.')
    await page.getByText('Duplicate post, please remove').waitFor({ state: 'detached' })
    assert.equal(await rows.count(), 2)
    const gone = await Post.findOrFail(doomed.id)
    assert.isNotNull(gone.deletedAt)
    const audit = await db.from('audit_logs').where('action', 'post.delete').first()
    assert.equal(audit?.subject_id, doomed.id)
    await screenshot(page, 'admin-posts-after-delete')
    assert.deepEqual(errors, [])
  }).timeout(120_000)
})
