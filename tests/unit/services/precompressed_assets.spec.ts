import { test } from '@japa/runner'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrecompressedAssets, acceptedEncodings } from '#services/precompressed_assets'

test.group('Precompressed assets / Accept-Encoding', () => {
  test('brotli is preferred over gzip whatever the order of the header', ({ assert }) => {
    assert.deepEqual(acceptedEncodings('gzip, deflate, br'), ['br', 'gzip'])
    assert.deepEqual(acceptedEncodings('gzip'), ['gzip'])
    assert.deepEqual(acceptedEncodings('BR'), ['br'])
  })

  test('q=0 refuses an encoding and * accepts both', ({ assert }) => {
    assert.deepEqual(acceptedEncodings('br;q=0, gzip;q=0.5'), ['gzip'])
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip'])
    assert.deepEqual(acceptedEncodings('identity'), [])
    assert.deepEqual(acceptedEncodings(undefined), [])
    assert.deepEqual(acceptedEncodings(''), [])
  })
})

test.group('Precompressed assets / variants on disk', (group) => {
  let root: string
  group.each.setup(() => {
    root = mkdtempSync(join(tmpdir(), 'huddle-assets-'))
    mkdirSync(join(root, 'build', 'assets'), { recursive: true })
    return () => rmSync(root, { recursive: true, force: true })
  })

  test('variants are listed by URL path, nested folders included', ({ assert }) => {
    writeFileSync(join(root, 'build', 'app-AbCd1234.js.br'), 'x')
    writeFileSync(join(root, 'build', 'app-AbCd1234.js.gz'), 'x')
    writeFileSync(join(root, 'build', 'assets', 'app-AbCd1234.css.gz'), 'x')
    const assets = new PrecompressedAssets(root)
    assert.deepEqual([...assets.variantsOf('/build/app-AbCd1234.js')!].sort(), ['br', 'gzip'])
    assert.deepEqual([...assets.variantsOf('/build/assets/app-AbCd1234.css')!], ['gzip'])
    assert.isUndefined(assets.variantsOf('/build/other.js'))
  })

  test('files of types the server cannot label are ignored', ({ assert }) => {
    writeFileSync(join(root, 'build', 'archive.tar.gz'), 'x')
    const assets = new PrecompressedAssets(root)
    assert.isUndefined(assets.variantsOf('/build/archive.tar'))
  })

  test('no build folder means no variants, and forget() reads it again', ({ assert }) => {
    const empty = mkdtempSync(join(tmpdir(), 'huddle-assets-empty-'))
    const assets = new PrecompressedAssets(empty)
    assert.isUndefined(assets.variantsOf('/build/app.js'))
    mkdirSync(join(empty, 'build'))
    writeFileSync(join(empty, 'build', 'app.js.br'), 'x')
    assert.isUndefined(assets.variantsOf('/build/app.js'))
    assets.forget()
    assert.deepEqual([...assets.variantsOf('/build/app.js')!], ['br'])
    rmSync(empty, { recursive: true, force: true })
  })
})
