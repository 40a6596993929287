import { test } from '@japa/runner'
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
