import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import Comment from '#models/comment'
import { UserFactory } from '#database/factories/user_factory'
import { forgetTeamPanel } from '#services/team_panel'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Issue 16 item 2 in a real browser: a member named `Ana <!--<script` (in
 * the team panel of every page) and a comment holding the other sequences
 * no longer leave the pages blank.
 */
const NAME = 'Ana <!--<script Lopez'
const COMMENT = 'Look </script><script> and \u2028 here <!-- done'

test.group('Browser / hostile text in shared props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  test('pages listing the name or the comment render', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: NAME }).create()
    const viewer = await UserFactory.merge({ fullName: 'Mia <script Viewer' }).create()
    const post = await PostFactory.merge({ authorId: viewer.id }).create()
    await Comment.create({
      postId: post.id,
      authorId: ana.id,
      body: COMMENT,
      likesCount: 0,
      mediaCount: 0,
      createdAt: DateTime.now(),
    })
    await browserContext.loginAs(viewer)

    for (const url of ['/', '/search', '/messages', '/notifications']) {
      const page = await visit(url)
      const errors = watchPageErrors(page)
      await page.getByText(NAME).first().waitFor()
      assert.deepEqual(errors, [], url)
      if (url === '/') {
        await screenshot(page, 'hostile-name-home')
        await page.setViewportSize({ width: 390, height: 844 })
        await page.getByRole('main').waitFor()
        await screenshot(page, 'hostile-name-home-phone')
      }
      await page.close()
    }

    const page = await visit(`/posts/${post.id}`)
    await page.getByText('Look </script><script> and').waitFor()
    await screenshot(page, 'hostile-comment-post')
  })
})
