import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { clearSettingsCache, saveSettings } from '#services/settings'
import { screenshot, signIn, watchPageErrors } from '#tests/helpers/browser'
import { WebhookReceiver } from '#tests/helpers/webhook_receiver'

/**
 * Issue 14 in a real browser: an admin adds a webhook endpoint from the
 * System menu, copies the secret shown once, sends a test that a real
 * receiver verifies, sees it in the delivery log, disables and deletes it.
 */
const receiver = new WebhookReceiver()

test.group('Browser / webhooks', (group) => {
  group.setup(async () => {
    await receiver.start()
    return () => receiver.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    receiver.reset()
    await saveSettings({ teamName: 'Huddle Demo', teamAbbreviation: 'HD', teamDomains: [] })
    return () => clearSettingsCache()
  })

  test('add an endpoint, send a test, read the log, disable, delete', async ({ visit, assert }) => {
    const boss = await UserFactory.apply('admin').merge({ fullName: 'Ada Admin' }).create()
    const page = await visit('/login')
    const errors = watchPageErrors(page)
    await signIn(page, boss.email, TEST_PASSWORD)

    await page.goto(new URL('/admin/webhooks', page.url()).toString())
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
    await page.getByTestId('webhooks-empty').waitFor()
    await screenshot(page, 'webhooks-empty')

    await page.getByLabel('URL').fill(receiver.url)
    await page.getByLabel('Description (optional)').fill('Chat bridge')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = await page.getByTestId('webhook-secret').locator('code').textContent()
    assert.match(secret ?? '', /^whsec_/)
    receiver.secret = secret ?? ''

    await page.getByRole('button', { name: 'Send test' }).click()
    await page.getByText('Test delivery queued').first().waitFor()
    const [hook] = await receiver.waitFor(1)
    assert.exists(hook)
    assert.isTrue(hook.signatureValid)
    await page.getByTestId('webhook-delivery').getByText('delivered').waitFor()
    await screenshot(page, 'webhooks-delivered')

    // Shown once: gone after a reload.
    await page.reload()
    await page.getByTestId('webhook-endpoint').waitFor()
    assert.equal(await page.getByTestId('webhook-secret').count(), 0)

    await page.getByRole('button', { name: 'Disable' }).click()
    await page.getByTestId('webhook-endpoint').getByText('disabled').first().waitFor()
    page.once('dialog', (dialog) => dialog.accept())
    await page.getByRole('button', { name: 'Delete Chat bridge' }).click()
    await page.getByTestId('webhooks-empty').waitFor()
    assert.deepEqual(errors, [], errors.join(' | '))
  })
})
