import { test } from '@japa/runner'
import {
  documentTitle,
  INERTIA_DEFAULTS,
  pageTitle,
  PROGRESS,
} from '../../../inertia/lib/inertia_options.js'

/** The Inertia client code the browser runs (the package's ESM entry). */
async function readInertiaCore() {
  const { readFile } = await import('node:fs/promises')
  return readFile(new URL(import.meta.resolve('@inertiajs/core')), 'utf8')
}

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

  test('the installed Inertia client saves scroll regions with a 100 ms debounce', async ({
    assert,
  }) => {
    // Not a setting in Inertia 3: this guards the seed's value across upgrades.
    const source = await readInertiaCore()
    assert.include(source, 'debounce(Scroll.onWindowScroll.bind(Scroll), 100)')
    assert.include(source, 'debounce(Scroll.onScroll.bind(Scroll), 100)')
  })

  test('the installed Inertia client sends X-Requested-With: XMLHttpRequest', async ({
    assert,
  }) => {
    const source = await readInertiaCore()
    assert.match(source, /["']?X-Requested-With["']?[,:]\s*"XMLHttpRequest"/)
  })

  test('no client code cancels the modal Inertia shows for a reply that is not a page', async ({
    assert,
  }) => {
    const { readdir, readFile } = await import('node:fs/promises')
    const root = new URL('../../../inertia/', import.meta.url)
    const files = await readdir(root, { recursive: true })
    for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
      const source = await readFile(new URL(file, root), 'utf8')
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
      assert.notMatch(code, /httpException|onHttpException/, file)
    }
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
