import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { clearSettingsCache } from '#services/settings'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import { startSmtpServer } from '#tests/helpers/smtp'

/** The page's document inside page.evaluate (the server tsconfig has no DOM types). */
declare const document: any

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 800 }

/** Light and dark, desktop and phone screenshots; no sideways scrolling on the phone. */
async function shoot(page: Page, name: string, assert: any) {
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await screenshot(page, name)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  await screenshot(page, `${name}-dark`)
  await page.setViewportSize(PHONE)
  await screenshot(page, `${name}-phone-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await screenshot(page, `${name}-phone`)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth
  )
  assert.isFalse(overflow, `${name}: no horizontal scrolling on a phone`)
  await page.setViewportSize(DESKTOP)
}

/** A failed mail job as the queue's database store leaves it. */
async function failedJob(subject: string) {
  const id = randomUUID()
  await db.table('queue_jobs').insert({
    id,
    queue: 'mail',
    status: 'failed',
    data: JSON.stringify({
      id,
      name: 'SendMailJob',
      attempts: 30,
      payload: {
        mailer: 'app',
        mail: { message: { to: [{ address: 'ana@huddle.test' }], subject }, views: {} },
      },
    }),
    finished_at: Date.now(),
    error: 'Invalid login: 535 5.7.8 Authentication credentials invalid',
  })
  return id
}

/**
 * The System part of the back office in a real browser: the grouped admin
 * menu (desktop sidebar, phone sheet), the audit log with a filter, the
 * settings page's upload limits and SMTP server with a test mail answered
 * by a real SMTP server, and retrying a failed job.
 */
test.group('Browser / admin system', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    return () => clearSettingsCache()
  })

  test('menu groups, audit log, settings with a test mail, failed jobs', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin')
      .merge({ fullName: 'Ada Admin', username: 'ada' })
      .create()
    const ana = await UserFactory.merge({ fullName: 'Ana Writer', username: 'anaw' }).create()
    const audit = (action: string, at: number, extra: Record<string, unknown> = {}) =>
      db.table('audit_logs').insert({
        actor_id: admin.id,
        action,
        ip: '203.0.113.7',
        created_at: new Date(Date.now() - at * 60_000),
        ...extra,
      })
    await audit('user.approve', 90, { subject_type: 'user', subject_id: ana.id })
    await audit('post.delete', 30, {
      subject_type: 'post',
      subject_id: 4242,
      meta: JSON.stringify({ authorId: ana.id, reason: 'x'.repeat(180) }),
    })
    await audit('settings.update', 5, {
      meta: JSON.stringify({ changes: { teamName: { from: 'Huddle', to: 'Acme Robotics' } } }),
    })
    await failedJob('Reset your Huddle password')

    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    const errors = watchPageErrors(page)
    await page.setViewportSize(DESKTOP)
    const nav = page.getByRole('navigation', { name: 'Admin' }).first()
    for (const heading of ['Overview', 'Moderation', 'People', 'System']) {
      await nav.getByRole('heading', { name: heading }).waitFor()
    }

    // Audit log, then filtered by action.
    await nav.getByRole('link', { name: 'Audit log' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/audit')
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    // The three entries above, and any an earlier test's background work
    // committed outside its transaction: the page lists every one.
    const [stored] = await db.from('audit_logs').count('* as total')
    assert.isAtLeast(Number(stored.total), 3)
    assert.equal(await page.getByTestId('audit-entry').count(), Math.min(Number(stored.total), 20))
    assert.equal(
      await nav.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current'),
      'page'
    )
    await shoot(page, 'admin-audit-log', assert)
    await page.getByLabel('Action').selectOption('post.delete')
    await page.waitForURL((url) => url.searchParams.get('action') === 'post.delete')
    await page.getByTestId('audit-entry').nth(1).waitFor({ state: 'detached' })
    assert.equal(await page.getByTestId('audit-action').textContent(), 'Post deleted')

    // Settings: upload limits, then the SMTP server and a test mail.
    const smtp = await startSmtpServer()
    try {
      await nav.getByRole('link', { name: 'Settings' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/settings')
      const uploads = page.getByRole('form', { name: 'Upload limits' })
      await uploads.getByLabel('Largest file (MB)').fill('4')
      await uploads.getByLabel('Files per post').fill('5')
      await uploads.getByRole('button', { name: 'Save upload limits' }).click()
      await page.assertTextContains('body', 'Upload limits saved.')

      const form = page.getByRole('form', { name: 'SMTP server' })
      await form.getByLabel('Send mails through this SMTP server').check()
      await form.getByLabel('SMTP server', { exact: true }).fill('127.0.0.1')
      await form.getByLabel('Port', { exact: true }).fill(String(smtp.port))
      await form.getByRole('radio', { name: /^None/ }).check()
      await form.getByLabel('User name').fill('')
      await form.getByRole('button', { name: 'Save SMTP settings' }).click()
      await page.assertTextContains('body', 'SMTP settings saved')
      const testMail = page.getByRole('form', { name: 'Test mail' })
      await testMail.getByLabel('Send a test mail to').fill('ops@example.com')
      await testMail.getByRole('button', { name: 'Send test mail' }).click()
      await page.assertTextContains('body', 'The SMTP server answered: 250')
      assert.lengthOf(smtp.received, 1)
      await shoot(page, 'admin-settings-system', assert)
    } finally {
      await smtp.close()
    }

    // Failed jobs: retry one.
    await nav.getByRole('link', { name: 'Failed jobs' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/jobs')
    await page.getByTestId('failed-job').waitFor()
    await page.getByText('535 5.7.8 Authentication credentials invalid').waitFor()
    await shoot(page, 'admin-failed-jobs', assert)
    await page.getByRole('button', { name: 'Retry the mail "Reset your Huddle password"' }).click()
    await page.assertTextContains('body', 'SendMailJob is back in the "mail" queue.')
    await page.getByTestId('empty-state').getByText('No failed jobs').waitFor()
    await screenshot(page, 'admin-failed-jobs-empty')

    // The phone menu: the same four groups in the sheet.
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const sheet = page.getByRole('dialog')
    await sheet.getByRole('heading', { name: 'System' }).waitFor()
    // Waits for the sheet's slide-in to end (a trial click waits for a stable element).
    await sheet.getByRole('link', { name: 'Audit log' }).click({ trial: true })
    await screenshot(page, 'admin-menu-phone')
    await sheet.getByRole('link', { name: 'Audit log' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/audit')
    assert.deepEqual(errors, [])
  }).timeout(120_000)
})
