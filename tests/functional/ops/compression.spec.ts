import { test } from '@japa/runner'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { forgetTeamPanel } from '#services/team_panel'
import { assets } from '#middleware/static_files_middleware'

const folder = 'zz-compression-test'
const file = `/build/${folder}/app-AbCd1234.js`
const source = `export const greeting = ${JSON.stringify('hello '.repeat(400))}\n`

test.group('Compression / built assets', (group) => {
  group.setup(() => {
    const dir = join(app.publicPath('build'), folder)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'app-AbCd1234.js'), source)
    writeFileSync(join(dir, 'app-AbCd1234.js.br'), brotliCompressSync(source))
    writeFileSync(join(dir, 'app-AbCd1234.js.gz'), gzipSync(source))
    writeFileSync(join(dir, 'plain-AbCd1234.js'), source)
    assets.forget()
    return () => {
      rmSync(dir, { recursive: true, force: true })
      assets.forget()
    }
  })

  test('a browser that accepts brotli gets the .br file with the original type', async ({
    client,
    assert,
  }) => {
    const response = await client.get(file).header('accept-encoding', 'gzip, deflate, br')
    response.assertStatus(200)
    response.assertHeader('content-encoding', 'br')
    response.assertHeader('vary', 'Accept-Encoding')
    assert.match(response.header('content-type') ?? '', /^text\/javascript/)
    assert.include(response.header('cache-control'), 'immutable')
    assert.equal(Number(response.header('content-length')), brotliCompressSync(source).length)
    // The client decodes it: the same bytes as the original.
    assert.equal(response.text(), source)
  })

  test('gzip when brotli is refused or not offered, the original when neither', async ({
    client,
    assert,
  }) => {
    const gzipOnly = await client.get(file).header('accept-encoding', 'br;q=0, gzip')
    gzipOnly.assertHeader('content-encoding', 'gzip')
    assert.equal(gzipOnly.text(), source)

    const identity = await client.get(file).header('accept-encoding', 'identity')
    identity.assertStatus(200)
    assert.isUndefined(identity.header('content-encoding'))
    identity.assertHeader('vary', 'Accept-Encoding')
    assert.equal(Number(identity.header('content-length')), Buffer.byteLength(source))
  })

  test('a HEAD request and a query string get the same variant', async ({ client }) => {
    const head = await client.head(`${file}?v=1`).header('accept-encoding', 'br')
    head.assertStatus(200)
    head.assertHeader('content-encoding', 'br')
  })

  test('an asset without precompressed copies is served as it is', async ({ client, assert }) => {
    const response = await client
      .get(`/build/${folder}/plain-AbCd1234.js`)
      .header('accept-encoding', 'br, gzip')
    response.assertStatus(200)
    assert.equal(response.text(), source)
  })

  test('an unknown asset is the not-found page, not a compressed script', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get(`/build/${folder}/missing-AbCd1234.js`)
      .header('accept-encoding', 'br')
    response.assertStatus(404)
    assert.match(response.header('content-type') ?? '', /^text\/html/)
    assert.include(response.text(), 'Errors/NotFound')
  })
})

test.group('Compression / pages and JSON', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page is compressed for a browser that accepts it', async ({ client, assert }) => {
    const response = await client.get('/login').header('accept-encoding', 'gzip')
    response.assertStatus(200)
    response.assertHeader('content-encoding', 'gzip')
    assert.include(response.header('vary') ?? '', 'Accept-Encoding')
    assert.include(response.text(), 'Auth/Login')
  })

  test('an Inertia JSON answer of a signed-in member is compressed with brotli', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    // Teammates in the side panel make the answer larger than the 1 KB threshold.
    await UserFactory.createMany(15)
    // The panel is cached for 30 s: a list from an earlier test (rolled back,
    // maybe empty) would keep the answer under the threshold.
    forgetTeamPanel()
    const response = await client
      .get('/')
      .header('accept-encoding', 'br')
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    response.assertHeader('content-encoding', 'br')
    assert.equal(response.body().component, 'Home')
  })

  test('nothing is compressed for a client that does not ask', async ({ client, assert }) => {
    const response = await client.get('/login').header('accept-encoding', 'identity')
    response.assertStatus(200)
    assert.isUndefined(response.header('content-encoding'))
  })

  test('small answers are not compressed', async ({ client, assert }) => {
    const response = await client.get('/health').header('accept-encoding', 'gzip')
    response.assertStatus(200)
    assert.isUndefined(response.header('content-encoding'))
  })
})
