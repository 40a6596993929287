import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { UserFactory } from '#database/factories/user_factory'
import { clearSettingsCache, getSettings, saveSettings } from '#services/settings'
import { makePost } from '#tests/functional/feeds/fixtures'
import { dbNow } from '#services/db/db_time'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'

/**
 * Profile → Notification settings in a real browser (issue 15 §4): change
 * a kind × channel cell, set quiet hours, unmute a post; the page in light
 * and dark, on a desktop and a phone.
 */
async function darkMode(page: Page, on: boolean) {
  await page.emulateMedia({ colorScheme: on ? 'dark' : 'light' })
  await page.evaluate(
    (dark) => (globalThis as any).document.documentElement.classList.toggle('dark', dark),
    on
  )
  await page.waitForTimeout(300)
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await darkMode(page, false)
  await screenshot(page, `${name}-desktop-light`)
  await darkMode(page, true)
  await screenshot(page, `${name}-desktop-dark`)
  await page.setViewportSize({ width: 375, height: 740 })
  await screenshot(page, `${name}-phone-dark`)
  await darkMode(page, false)
  await screenshot(page, `${name}-phone-light`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

test.group('Browser / notification settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await saveSettings({ teamName: 'Huddle Demo', weeklyDigest: true })
    return () => clearSettingsCache()
  })

  test('change a kind × channel, set quiet hours, unmute a post', async ({
    browserContext,
    assert,
  }) => {
    const ana = await UserFactory.merge({ fullName: 'Ana Settings', username: 'ana_set' }).create()
    const bo = await UserFactory.merge({ fullName: 'Bo Poster', username: 'bo_post' }).create()
    const post = await makePost(bo, { body: 'Team lunch on Friday at the usual place' })
    await db.table('notification_mutes').insert({
      user_id: ana.id,
      target_type: 'post',
      target_id: post.id,
      created_at: dbNow(),
    })

    await browserContext.loginAs(ana)
    const page = await browserContext.newPage()
    const errors = watchPageErrors(page)
    await page.goto('/profile/notifications')
    await page.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor()
    await page
      .getByTestId('mutes')
      .getByRole('link', { name: /Team lunch on Friday/ })
      .waitFor()
    await shots(page, 'notification-settings')

    // Likes by push (off by default) on; quiet hours 22:00 → 07:00.
    const likesPush = page.getByRole('checkbox', { name: 'Likes: Push' })
    assert.isFalse(await likesPush.isChecked())
    await likesPush.check()
    await page.getByLabel('From').fill('22:00')
    await page.getByLabel('Until').fill('07:00')
    // The digest needs notification e-mails on.
    const summaries = page.getByRole('checkbox', { name: 'Send me summary e-mails' })
    const digest = page.getByRole('checkbox', { name: 'Send me the weekly digest' })
    assert.isTrue(await digest.isEnabled())
    await summaries.uncheck()
    assert.isTrue(await digest.isDisabled())
    assert.isFalse(await digest.isChecked())
    await summaries.check()
    assert.isTrue(await digest.isChecked())
    await page.getByRole('button', { name: 'Save notification settings' }).click()
    await page.getByText('Notification settings saved.').first().waitFor()

    const cell = await db
      .from('notification_preferences')
      .where({ user_id: ana.id, category: 'likes', channel: 'push' })
      .first()
    assert.isTrue(Boolean(cell?.enabled))
    const row = await db.from('notification_settings').where('user_id', ana.id).first()
    assert.equal(Number(row.quiet_start), 22 * 60)
    assert.equal(Number(row.quiet_end), 7 * 60)

    // What was saved is what the page shows after a reload.
    await page.reload()
    await page.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor()
    assert.isTrue(await page.getByRole('checkbox', { name: 'Likes: Push' }).isChecked())
    assert.equal(await page.getByLabel('From').inputValue(), '22:00')
    assert.equal(await page.getByLabel('Until').inputValue(), '07:00')

    // Unmute the post from the list.
    await page.getByRole('button', { name: /^Unmute Bo Poster: Team lunch/ }).click()
    await page.getByText('Nothing muted.', { exact: false }).waitFor()
    const mutes = await db.from('notification_mutes').where('user_id', ana.id)
    assert.lengthOf(mutes, 0)
    await shots(page, 'notification-settings-saved')
    assert.deepEqual(errors, [], errors.join(' | '))
  })

  test('an admin makes announcements unmutable; members see it locked', async ({
    browserContext,
    assert,
  }) => {
    await saveSettings({ weeklyDigest: false })
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    await browserContext.loginAs(admin)
    const page = await browserContext.newPage()
    const errors = watchPageErrors(page)
    await page.goto('/admin/settings')
    const unmutable = page.getByRole('checkbox', { name: 'Announcements cannot be muted' })
    assert.isFalse(await unmutable.isChecked())
    await unmutable.check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved.').first().waitFor()
    clearSettingsCache()
    const settings = await getSettings()
    assert.isTrue(settings.announcementsUnmutable)
    assert.isFalse(settings.weeklyDigest)
    await shots(page, 'admin-settings-notifications')

    await page.goto('/profile/notifications')
    await page.getByText('Your team shows announcements to everyone in the app.').waitFor()
    const cell = page.getByRole('checkbox', { name: 'Announcements: In the app' })
    assert.isTrue(await cell.isChecked())
    assert.isTrue(await cell.isDisabled())
    // The team sends no digest: no digest section.
    assert.equal(await page.getByRole('heading', { name: 'Weekly digest' }).count(), 0)
    assert.deepEqual(errors, [], errors.join(' | '))
  })
})
