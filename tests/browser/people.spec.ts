import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Post from '#models/post'
import Report from '#models/report'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import * as fixtures from '#tests/fixtures/media_files'

/** The page's document inside page.evaluate (the server tsconfig has no DOM types). */
declare const document: any

async function publish(author: User, text: string) {
  await Post.create({
    authorId: author.id,
    bodyHtml: `<p>${text}</p>`,
    bodyText: text,
    audience: 'team',
    status: 'published',
    sharedPostId: null,
    publishedAt: DateTime.now(),
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    mediaCount: 0,
  })
  await db.from('users').where('id', author.id).increment('posts_count', 1)
}

/**
 * People in a real browser: a teammate's profile, block and unblock,
 * reporting a post from its card menu, and uploading an avatar with the
 * circle crop (then seen in the header).
 */
test.group('Browser / people', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
  group.each.setup(async () => {
    await limiter.clear()
  })

  test('open a teammate’s profile, block then unblock, report a post', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const me = await UserFactory.merge({ fullName: 'Mia Viewer' }).create()
    const ana = await UserFactory.merge({
      fullName: 'Ana Lopez',
      username: 'ana.lopez',
      bio: 'Designer. Coffee first.',
    }).create()
    await publish(ana, 'Sketches for the new onboarding screens')
    await publish(ana, 'Who is up for lunch on Friday?')
    await browserContext.loginAs(me)
    const page = await visit('/u/ana.lopez')
    const errors = watchPageErrors(page)

    await page.getByRole('heading', { name: 'Ana Lopez', level: 1 }).waitFor()
    await page.getByText('Designer. Coffee first.').waitFor()
    await page.getByText('Who is up for lunch on Friday?').waitFor()
    const stats = page.getByTestId('profile-stats')
    await stats.getByText('Posts').waitFor()
    assert.include(await stats.textContent(), '2')
    assert.notInclude(await page.content(), ana.email)
    await screenshot(page, 'people-profile')

    // Block (with confirmation) → the posts disappear, Unblock is offered.
    await page.getByRole('button', { name: 'Block', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Block Ana Lopez?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Block', exact: true }).click()
    await page.getByRole('heading', { name: 'You blocked Ana' }).waitFor()
    await page.getByText('You blocked Ana Lopez.').first().waitFor()
    assert.equal(await page.getByText('Who is up for lunch on Friday?').count(), 0)
    const blocked = await db.from('blocks').where('blocker_id', me.id).first()
    assert.equal(Number(blocked.blocked_id), ana.id)
    await screenshot(page, 'people-profile-blocked')

    await page.getByRole('button', { name: 'Unblock' }).click()
    await page.getByText('Who is up for lunch on Friday?').waitFor()
    assert.isNull(await db.from('blocks').where('blocker_id', me.id).first())

    // Report a post from its card menu.
    const card = page.getByTestId('post-card').filter({ hasText: 'Who is up for lunch' })
    await card.getByRole('button', { name: 'Post actions' }).click()
    await page.getByRole('menuitem', { name: 'Report post' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this post' })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check()
    await dialog.getByLabel('Details (optional)').fill('Posted the same thing three times.')
    await screenshot(page, 'people-report-dialog')
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Thank you. Your report was sent').first().waitFor()
    const report = await Report.findByOrFail('reporter_id', me.id)
    assert.equal(report.subjectType, 'post')
    assert.equal(report.reason, 'spam')
    assert.equal(report.details, 'Posted the same thing three times.')

    // A second report of the same post is refused inside the dialog.
    await card.getByRole('button', { name: 'Post actions' }).click()
    await page.getByRole('menuitem', { name: 'Report post' }).click()
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: 'Something else' }).check()
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText('You already reported this post.').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    assert.deepEqual(errors, [])
  })

  test('upload an avatar with the circle crop; it shows on the profile and in the header', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const me = await UserFactory.merge({ fullName: 'Mia Viewer', username: 'mia' }).create()
    await browserContext.loginAs(me)
    const page = await visit('/u/mia')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'Mia Viewer', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Edit profile' }).waitFor()
    assert.equal(await page.getByRole('button', { name: 'Report' }).count(), 0)

    await page.locator('#avatar-file').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await fixtures.jpeg(900, 600, '#cc5533'),
    })
    const dialog = page.getByRole('dialog', { name: 'Crop your avatar' })
    await dialog.waitFor()
    await dialog.locator('.reactEasyCrop_CropAreaRound').waitFor()
    await page.locator('#avatar-zoom').fill('1.5')
    await screenshot(page, 'people-avatar-crop')
    await dialog.getByRole('button', { name: 'Save avatar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Your new avatar is saved.').first().waitFor()

    const fresh = await User.findOrFail(me.id)
    assert.match(fresh.avatarKey ?? '', /-256\.webp$/)
    const avatar = page.getByTestId('profile-avatar')
    await avatar.waitFor()
    assert.match((await avatar.getAttribute('src')) ?? '', /\/users\/\d+\/avatar\?v=\w+&size=large/)
    const header = page.getByRole('button', { name: 'Account menu' }).locator('img')
    await header.waitFor()
    assert.match((await header.getAttribute('src')) ?? '', /\/users\/\d+\/avatar\?v=\w+$/)
    // The images really load (authorised route, WebP).
    const loaded = await page.evaluate(
      () =>
        [...document.querySelectorAll('img[src*="/avatar"]')].every(
          (img: any) => img.complete && img.naturalWidth > 0
        ) as boolean
    )
    assert.isTrue(loaded)
    await screenshot(page, 'people-own-profile')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await screenshot(page, 'people-own-profile-dark')
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'people-own-profile-phone')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth
    )
    assert.isFalse(overflow, 'no horizontal scrolling on a phone')
    assert.deepEqual(errors, [])
  })

  test('the cover editor crops 3:1 and the cover shows on the profile', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const me = await UserFactory.merge({ fullName: 'Mia Viewer', username: 'mia' }).create()
    await browserContext.loginAs(me)
    const page = await visit('/profile/cover')
    await page.getByRole('heading', { name: 'Cover image', level: 1 }).waitFor()
    await page.locator('#cover-file').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: await fixtures.png(1200, 700),
    })
    const dialog = page.getByRole('dialog', { name: 'Crop your cover image' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Save cover' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('img', { name: 'Your current cover' }).waitFor()
    const fresh = await User.findOrFail(me.id)
    assert.match(fresh.coverKey ?? '', /^covers\//)
    await page.goto('/u/mia')
    await page.getByTestId('profile-cover').waitFor()
    await screenshot(page, 'people-profile-cover')
  })

  test('profile settings list the people I blocked, with Unblock', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const me = await UserFactory.merge({ fullName: 'Mia Viewer' }).create()
    const ana = await UserFactory.merge({ fullName: 'Ana Lopez', username: 'ana.lopez' }).create()
    await db.table('blocks').insert({
      blocker_id: me.id,
      blocked_id: ana.id,
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    await browserContext.loginAs(me)
    const page = await visit('/profile')
    const section = page.getByRole('region', { name: 'Blocked people' })
    await section.getByRole('link', { name: 'Ana Lopez' }).waitFor()
    await screenshot(page, 'people-blocked-list')
    await section.getByRole('button', { name: 'Unblock Ana Lopez' }).click()
    await section.getByText('You have not blocked anyone.').waitFor()
    assert.isNull(await db.from('blocks').where('blocker_id', me.id).first())
  })
})
