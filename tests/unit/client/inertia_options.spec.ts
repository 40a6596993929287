import { test } from '@japa/runner'
import {
  documentTitle,
  INERTIA_DEFAULTS,
  pageTitle,
  PROGRESS,
} from '../../../inertia/lib/inertia_options.js'

test.group('Client behaviour constants', () => {
  test('the progress bar waits 250 ms, is #4B5563 and has no spinner', ({ assert }) => {
    assert.deepEqual(PROGRESS, { delay: 250, color: '#4B5563', showSpinner: false })
  })

  test('recentlySuccessful clears after 2000 ms', ({ assert }) => {
    assert.equal(INERTIA_DEFAULTS.form.recentlySuccessfulDuration, 2000)
  })

  test('the options are ones Inertia 3 understands', async ({ assert }) => {
    const { config } = await import('@inertiajs/core')
    assert.containsSubset(config.get('form'), { recentlySuccessfulDuration: 2000 })
    config.replace(INERTIA_DEFAULTS)
    assert.equal(config.get('form.recentlySuccessfulDuration'), 2000)
  })

  test('page titles read "{page title} - {team abbreviation}"', ({ assert }) => {
    assert.equal(pageTitle('Home', 'ACME'), 'Home - ACME')
    assert.equal(pageTitle('Sign in', '  HQ '), 'Sign in - HQ')
    assert.equal(pageTitle('Home', ''), 'Home')
  })

  test('Inertia passes the composed title through unchanged', ({ assert }) => {
    assert.equal(documentTitle('Home - ACME'), 'Home - ACME')
  })
})
