import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Post from '#models/post'
import { UserFactory } from '#database/factories/user_factory'
import { makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

/**
 * Moderating pending posts in a real browser: Approve on a Team posts row
 * (PostModerations/IndexST, pending filter), Reject from Posts/Show through the dialog (the reason
 * is required; the error shows in the dialog, then the success flash).
 */
test.group('Browser / admin post moderation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin approves one pending post from the list and rejects another with a reason', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const ben = await UserFactory.merge({ fullName: 'Ben Poster', username: 'benp' }).create()
    const first = await makePost(ben, {
      audience: 'public',
      status: 'pending',
      body: 'Public hello from Ben',
    })
    const second = await makePost(ben, {
      audience: 'public',
      status: 'pending',
      body: 'Call me at 555-0100',
    })

    await browserContext.loginAs(admin)
    const page = await visit('/admin/posts')
    const errors = watchPageErrors(page)
    await page.getByText('2 posts wait for review.').waitFor()
    await page.goto(page.url().replace('/admin/posts', '/admin/moderation/posts?status=pending'))
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending')
    const rows = page.getByTestId('admin-post-row')
    await rows.first().waitFor()
    assert.equal(await rows.count(), 2)
    await screenshot(page, 'admin-moderation-pending-list')

    await page.getByRole('button', { name: `Approve post ${first.id} by Ben Poster` }).click()
    await page.getByText('The post is approved and published.').waitFor()
    assert.equal(await rows.count(), 1, 'the approved post left the pending filter')
    await first.refresh()
    assert.equal(first.status, 'published')

    await page.getByRole('link', { name: `View post ${second.id} by Ben Poster` }).click()
    await page.waitForURL((url) => url.pathname === `/admin/posts/${second.id}`)
    await page.getByRole('button', { name: `Reject post ${second.id} by Ben Poster` }).click()
    const dialog = page.getByRole('dialog', { name: 'Reject this post?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Reject post' }).click()
    await dialog.getByText('Give the author a reason for rejecting the post.').waitFor()
    await screenshot(page, 'admin-moderation-reject-error')
    await dialog.getByLabel('Reason').fill('Please remove the phone number.')
    await dialog.getByRole('button', { name: 'Reject post' }).click()
    await page.getByText('The post is rejected; its author was told why.').waitFor()
    await page.getByText('Reason given: “Please remove the phone number.”').waitFor()
    await screenshot(page, 'admin-moderation-rejected')
    const fresh = await Post.findOrFail(second.id)
    assert.equal(fresh.status, 'rejected')
    assert.deepEqual(errors, [])
  })
})
