import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import env from '#start/env'
import { UserFactory } from '#database/factories/user_factory'
import { ABUSE_LIMITS, resetAbuseLimit } from '#services/abuse_limits'
import { forgetTeamPanel } from '#services/team_panel'
import { makePost } from '#tests/functional/feeds/fixtures'
import { setEnv } from '#tests/helpers/env'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

async function shots(page: Page, name: string) {
  await screenshot(page, name)
  const size = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, `${name}-mobile`)
  if (size) await page.setViewportSize(size)
}

/**
 * Issue 16 item 8 in the browser: over a per-user limit the person reads
 * why and how long to wait: a toast for a like, the 429 page for a search.
 */
test.group('Browser / abuse limits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())
  group.each.setup(() => {
    const saved = [env.get('RATE_LIMIT_LIKES'), env.get('RATE_LIMIT_SEARCHES')] as const
    setEnv('RATE_LIMIT_LIKES', 2)
    setEnv('RATE_LIMIT_SEARCHES', 2)
    return () => {
      setEnv('RATE_LIMIT_LIKES', saved[0])
      setEnv('RATE_LIMIT_SEARCHES', saved[1])
    }
  })

  test('a like over the limit shows the message and keeps the button as it was', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const [viewer, writer] = await Promise.all([UserFactory.create(), UserFactory.create()])
    await resetAbuseLimit('likes', viewer.id)
    const post = await makePost(writer, { body: 'Like me, but not too often' })
    await browserContext.loginAs(viewer)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    const card = page.locator(`[data-post-id="${post.id}"]`)
    await card.getByRole('button', { name: /^Like this post/ }).click()
    await card.getByRole('button', { name: /^Liked. Unlike this post/ }).click()
    await card.getByRole('button', { name: /^Like this post/ }).waitFor()
    await card.getByRole('button', { name: /^Like this post/ }).click()
    await page.getByText(ABUSE_LIMITS.likes.message('5 minutes')).waitFor()
    await card.getByRole('button', { name: /^Like this post/ }).waitFor()
    await shots(page, 'abuse-limit-like-toast')
    assert.deepEqual(errors, [])
  })

  test('a search over the limit shows the 429 page with the wait', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const viewer = await UserFactory.create()
    await resetAbuseLimit('searches', viewer.id)
    await browserContext.loginAs(viewer)
    for (const q of ['one', 'two']) {
      const page = await visit(`/search?q=${q}`)
      await page.getByRole('heading', { name: 'Slow down' }).waitFor({ state: 'detached' })
      assert.notInclude(await page.title(), 'Slow down')
      await page.close()
    }
    const page = await visit('/search?q=three')
    await page.getByRole('heading', { name: 'Slow down' }).waitFor()
    await page.getByText(ABUSE_LIMITS.searches.message('1 minute')).waitFor()
    assert.include(await page.title(), 'Slow down')
    await shots(page, 'abuse-limit-search-429')
  })
})
