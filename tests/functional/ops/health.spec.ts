import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DiskSpaceCheck, HealthChecks } from '@adonisjs/core/health'
import { ReadinessChecks, fullestDisk } from '#services/health/checks'

test.group('Health / liveness', () => {
  test('GET /health answers 200 without a session, cookie or cache', async ({ client, assert }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
    assert.isUndefined(response.header('set-cookie'))
    assert.equal(response.header('cache-control'), 'no-store')
  })

  test('HEAD /health answers 200 and other methods 405', async ({ client }) => {
    const head = await client.head('/health')
    head.assertStatus(200)
    const post = await client.post('/health')
    post.assertStatus(405)
    post.assertHeader('allow', 'GET, HEAD')
    const readyPost = await client.delete('/health/ready')
    readyPost.assertStatus(405)
  })

  test('a path that only starts like a health path is routed as usual', async ({ client }) => {
    const response = await client.get('/healthz')
    response.assertStatus(404)
  })
})

test.group('Health / readiness', (group) => {
  group.each.teardown(() => app.container.restore(ReadinessChecks))

  test('GET /health/ready reports each check by name and status only', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(Object.keys(body).sort(), ['checks', 'status'])
    assert.oneOf(body.status, ['ok', 'warning'])
    assert.equal(body.checks.database, 'ok')
    assert.oneOf(body.checks.disk, ['ok', 'warning'])
    if (process.env.REDIS_URL) assert.equal(body.checks.redis, 'ok')
    else assert.notProperty(body.checks, 'redis')
    assert.isUndefined(response.header('set-cookie'))
    assert.equal(response.header('cache-control'), 'no-store')
    // Nothing an attacker could use: no sizes, paths, versions or messages.
    assert.notMatch(response.text(), /storage|sqlite|version|pid|bytes|\d{4,}/i)
  })

  test('a failing check makes the node not ready (503) and names the check', async ({ client }) => {
    const fullDisk = new DiskSpaceCheck()
      .as('disk')
      .compute(async () => ({ free: 1, size: 100 }))
      .failWhenExceeds(95)
    app.container.swap(
      ReadinessChecks,
      () => new ReadinessChecks(new HealthChecks().register([fullDisk]))
    )
    const response = await client.get('/health/ready')
    response.assertStatus(503)
    response.assertBody({ status: 'error', checks: { disk: 'error' } })
  })

  test('a check that throws makes the node not ready, not a 500', async ({ client, assert }) => {
    const broken = new DiskSpaceCheck().as('disk').compute(async () => {
      throw new Error('statfs failed on /secret/path')
    })
    app.container.swap(
      ReadinessChecks,
      () => new ReadinessChecks(new HealthChecks().register([broken]))
    )
    const response = await client.get('/health/ready')
    response.assertStatus(503)
    response.assertBody({ status: 'error', checks: {} })
    assert.notInclude(response.text(), 'secret')
  })

  test('the disk figure is the fullest of the folders the node writes to', async ({ assert }) => {
    const disk = await fullestDisk([app.makePath('tmp'), app.makePath()])
    assert.isAbove(disk.size, 0)
    assert.isAtLeast(disk.free, 0)
    assert.isAtMost(disk.free, disk.size)
  })
})
