import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import { configProvider } from '@adonisjs/core'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import testUtils from '@adonisjs/core/services/test_utils'
import { TOUCH_INTERVAL_MS } from '#services/session_store'

/**
 * The database session store does not rewrite an unchanged session on
 * every request (one UPDATE per page view): it pushes the expiry forward
 * only once it is more than TOUCH_INTERVAL_MS behind a fresh one.
 */
test.group('Sessions / lazy touch of the database store', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function store() {
    const base = (await configProvider.resolve(
      app,
      app.config.get('session')
    )) as ResolvedSessionConfig
    const config = { ...base, store: 'database' } as ResolvedSessionConfig
    return (config.stores as any).database({} as any, config)
  }
  const expiry = async (id: string) => {
    const row = await db.from('sessions').where('id', id).first()
    return new Date(row.expires_at).getTime()
  }

  test('a session read and touched right after being written is not rewritten', async ({
    assert,
  }) => {
    const writer = await store()
    await writer.write('lazy-a', { auth_web: 1 })
    const written = await expiry('lazy-a')

    const request = await store()
    assert.deepEqual(await request.read('lazy-a'), { auth_web: 1 })
    // a real touch now would store a later expiry
    await new Promise((resolve) => setTimeout(resolve, 20))
    await request.touch('lazy-a')
    assert.equal(await expiry('lazy-a'), written)
  })

  test('a session whose expiry is older than the interval is touched', async ({ assert }) => {
    const writer = await store()
    await writer.write('lazy-b', { auth_web: 1 })
    const written = await expiry('lazy-b')
    const stale = written - TOUCH_INTERVAL_MS - 5_000
    await db
      .from('sessions')
      .where('id', 'lazy-b')
      .update({ expires_at: new Date(stale) })

    const request = await store()
    assert.deepEqual(await request.read('lazy-b'), { auth_web: 1 })
    await request.touch('lazy-b')
    assert.isAbove(await expiry('lazy-b'), stale + TOUCH_INTERVAL_MS)
  })

  test('a session never read by this request is touched as before', async ({ assert }) => {
    const writer = await store()
    await writer.write('lazy-c', { auth_web: 1 })
    const stale = Date.now() + 1000
    await db
      .from('sessions')
      .where('id', 'lazy-c')
      .update({ expires_at: new Date(stale) })
    const request = await store()
    await request.touch('lazy-c')
    assert.isAbove(await expiry('lazy-c'), stale + TOUCH_INTERVAL_MS)
  })

  test('expired and tampered sessions still read as none', async ({ assert }) => {
    const writer = await store()
    await writer.write('lazy-d', { auth_web: 1 })
    await db
      .from('sessions')
      .where('id', 'lazy-d')
      .update({ expires_at: new Date(Date.now() - 1) })
    const first = await store()
    assert.isNull(await first.read('lazy-d'))
    assert.isNull(await db.from('sessions').where('id', 'lazy-d').first())

    await writer.write('lazy-e', { auth_web: 1 })
    await db.from('sessions').where('id', 'lazy-e').update({ data: '{"auth_web":2}' })
    const second = await store()
    assert.isNull(await second.read('lazy-e'))
  })
})
