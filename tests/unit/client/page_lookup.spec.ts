import { test } from '@japa/runner'
import {
  hasPage,
  lookupPage,
  NOT_FOUND_PAGE,
  PageNotFoundError,
  pageKey,
} from '../../../inertia/lib/page_lookup.js'

/** Like Vite's import.meta.glob('../pages/**\/*.tsx') map, with names as loaders. */
const PAGES = {
  [pageKey('Home')]: 'load Home',
  [pageKey('Homepage/CreatePost')]: 'load CreatePost',
  [pageKey('Profile/Partials/UpdatePasswordForm')]: 'load UpdatePasswordForm',
  [pageKey(NOT_FOUND_PAGE)]: 'load NotFound',
}

test.group('Client page resolution', () => {
  test('a known page name resolves to its file', ({ assert }) => {
    assert.deepEqual(lookupPage(PAGES, 'Homepage/CreatePost', { dev: false }), {
      name: 'Homepage/CreatePost',
      loader: 'load CreatePost',
      missing: false,
    })
    assert.equal(
      lookupPage(PAGES, 'Profile/Partials/UpdatePasswordForm', { dev: true }).loader,
      'load UpdatePasswordForm'
    )
  })

  test('an unknown page name fails loudly in development', ({ assert }) => {
    assert.throws(() => lookupPage(PAGES, 'Homepage/Nope', { dev: true }), PageNotFoundError as any)
    try {
      lookupPage(PAGES, 'Homepage/Nope', { dev: true })
    } catch (error) {
      assert.instanceOf(error, PageNotFoundError)
      assert.equal((error as PageNotFoundError).pageName, 'Homepage/Nope')
      assert.include((error as Error).message, 'inertia/pages/Homepage/Nope.tsx')
    }
  })

  test('an unknown page name shows the not-found page in production', ({ assert }) => {
    assert.deepEqual(lookupPage(PAGES, 'Homepage/Nope', { dev: false }), {
      name: NOT_FOUND_PAGE,
      loader: 'load NotFound',
      missing: true,
    })
  })

  test('page names are matched exactly (case, prototype keys, paths)', ({ assert }) => {
    assert.isTrue(lookupPage(PAGES, 'home', { dev: false }).missing)
    assert.isTrue(lookupPage(PAGES, 'constructor', { dev: false }).missing)
    assert.isTrue(lookupPage(PAGES, '../pages/Home', { dev: false }).missing)
    assert.isFalse(hasPage(PAGES, 'toString'))
    assert.isTrue(hasPage(PAGES, 'Home'))
  })

  test('without a not-found page even production fails loudly', ({ assert }) => {
    const pages = { [pageKey('Home')]: 'load Home' }
    assert.throws(() => lookupPage(pages, 'Nope', { dev: false }), /Page not found: "Nope"/)
  })

  test('the real pages folder has the not-found page the fallback needs', async ({ assert }) => {
    const { existsSync } = await import('node:fs')
    assert.isTrue(
      existsSync(new URL('../../../inertia/pages/Errors/NotFound.tsx', import.meta.url))
    )
  })
})
