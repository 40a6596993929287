import { test } from '@japa/runner'
import { mayBeStaticFile } from '#middleware/static_files_middleware'
import staticConfig from '#config/static'

const headersFor = (path: string) =>
  (staticConfig.headers as (path: string, stats: any) => Record<string, string>)(path, {})

test.group('Static files', () => {
  test('hashed build files are cached for a year', ({ assert }) => {
    for (const file of [
      '/srv/huddle/public/build/app-BeRAFDUf.css',
      '/srv/huddle/public/build/rolldown-runtime-WkwZ5CU-.js',
      '/srv/huddle/public/build/assets/logo-a1B2c3D4.png',
    ]) {
      assert.equal(headersFor(file)['Cache-Control'], 'public, max-age=31536000, immutable', file)
    }
  })

  test('unhashed files are revalidated', ({ assert }) => {
    for (const file of [
      '/srv/huddle/public/favicon.svg',
      '/srv/huddle/public/build/.vite/manifest.json',
    ]) {
      assert.equal(headersFor(file)['Cache-Control'], 'public, max-age=0, must-revalidate', file)
    }
  })
})

test.group('Static files / which requests look at public/', () => {
  test('built assets and paths with an extension may be files', ({ assert }) => {
    for (const path of [
      '/build/app-BeRAFDUf.css',
      '/build/.vite/manifest.json',
      '/favicon.svg',
      '/robots.txt',
    ]) {
      assert.isTrue(mayBeStaticFile(path), path)
    }
  })

  test('routes never reach the file system', ({ assert }) => {
    for (const path of ['/', '/posts/12', '/u/ana', '/search', '/builder', '/u/ana.smith/x']) {
      assert.isFalse(mayBeStaticFile(path), path)
    }
  })
})
