import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { QueueManager } from '@adonisjs/queue'
import env from '#start/env'
import SendMailJob from '#jobs/send_mail_job'
import HttpExceptionHandler from '#exceptions/handler'
import { resolvedQueueConfig } from '#services/job_queue'
import { forgetQueueDepth } from '#services/metrics'

const TOKEN = 'metrics-test-token-0123456789'

async function clearQueue(driver: 'database' | 'redis') {
  if (driver === 'database') {
    await db.from('queue_jobs').delete()
    return
  }
  // The queue shares the app's `main` connection and its key prefix.
  const connection = redis.connection('main').ioConnection
  const prefix = connection.options.keyPrefix ?? ''
  const keys = await connection.keys(`${prefix}jobs::*`)
  if (keys.length > 0) await connection.del(...keys.map((key) => key.slice(prefix.length)))
}

function useToken(token: string | undefined) {
  // Env.set stores what it is given: an empty value reads as unset.
  env.set('METRICS_TOKEN', token === undefined ? ('' as any) : new Secret(token))
}

/** The value of one series of the exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const inside = line.slice(name.length + 1, line.indexOf('}'))
    const parts = inside.split(',')
    if (wanted.every((pair) => parts.includes(pair))) return Number(line.split(' ').pop())
  }
  return undefined
}

test.group('Metrics / access', (group) => {
  group.each.teardown(() => useToken(undefined))

  test('without METRICS_TOKEN, /metrics does not exist (404)', async ({ client, assert }) => {
    useToken(undefined)
    const response = await client.get('/metrics').header('authorization', `Bearer ${TOKEN}`)
    response.assertStatus(404)
    assert.notInclude(response.text(), 'huddle_http_requests_total')
  })

  test('no token or a wrong token gets 401 and no metrics', async ({ client, assert }) => {
    useToken(TOKEN)
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer wrong`, TOKEN]) {
      const request = client.get('/metrics')
      if (authorization) request.header('authorization', authorization)
      const response = await request
      response.assertStatus(401)
      assert.equal(response.header('www-authenticate'), 'Bearer realm="metrics"')
      assert.notInclude(response.text(), 'huddle_')
      assert.isUndefined(response.header('set-cookie'), 'no session is started')
    }
  })

  test('methods other than GET and HEAD get 405', async ({ client }) => {
    useToken(TOKEN)
    const response = await client.post('/metrics').header('authorization', `Bearer ${TOKEN}`)
    response.assertStatus(405)
    response.assertHeader('allow', 'GET, HEAD')
  })
})

test.group('Metrics / exposition', (group) => {
  group.each.setup(() => useToken(TOKEN))
  group.each.teardown(() => useToken(undefined))

  test('requests are counted per route name, method and status class', async ({
    client,
    assert,
  }) => {
    const first = await client.get('/metrics').header('authorization', `Bearer ${TOKEN}`)
    const before = first.text()
    const loginBefore =
      sample(before, 'huddle_http_requests_total', {
        route: 'session.create',
        method: 'GET',
        status: '2xx',
      }) ?? 0
    const unmatchedBefore =
      sample(before, 'huddle_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status: '4xx',
      }) ?? 0

    for (let i = 0; i < 3; i++) {
      const page = await client.get('/login')
      page.assertStatus(200)
    }
    const missing = await client.get(`/no-such-page-${Date.now()}`)
    missing.assertStatus(404)

    const response = await client.get('/metrics').header('authorization', `Bearer ${TOKEN}`)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/plain/)
    assert.equal(response.header('cache-control'), 'no-store')
    const text = response.text()
    const login = { route: 'session.create', method: 'GET', status: '2xx' }
    assert.equal(sample(text, 'huddle_http_requests_total', login), loginBefore + 3)
    assert.isAtLeast(
      sample(text, 'huddle_http_request_duration_seconds_count', login) ?? 0,
      loginBefore + 3
    )
    assert.equal(
      sample(text, 'huddle_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status: '4xx',
      }),
      unmatchedBefore + 1
    )
    // Route names, never raw URLs: the unknown path is nowhere in the labels.
    assert.notMatch(text, /no-such-page/)
    // Node's default metrics and the realtime server's gauges.
    assert.match(text, /^huddle_nodejs_eventloop_lag_seconds \d/m)
    assert.match(text, /^huddle_nodejs_heap_size_used_bytes \d/m)
    assert.match(text, /^huddle_realtime_connections \d+$/m)
    assert.match(text, /^huddle_realtime_channels \d+$/m)
  })

  for (const driver of ['database', 'redis'] as const) {
    test(`the job queue depth is read from the ${driver} store by queue and state`, async ({
      client,
      assert,
    }) => {
      const config = await resolvedQueueConfig(app, driver)
      await QueueManager.init(config)
      await QueueManager.loadJobs(config.locations)
      try {
        await clearQueue(driver)
        forgetQueueDepth()
        const compiled = {
          message: { to: 'a@huddle.test', subject: 'Depth', text: 'Hi' },
          views: {},
        }
        await SendMailJob.dispatch({ mailer: 'smtp', mail: compiled as any })
        await SendMailJob.dispatch({ mailer: 'smtp', mail: compiled as any })

        const response = await client.get('/metrics').header('authorization', `Bearer ${TOKEN}`)
        response.assertStatus(200)
        const text = response.text()
        assert.equal(sample(text, 'huddle_queue_jobs', { queue: 'mail', state: 'pending' }), 2)
        assert.equal(sample(text, 'huddle_queue_jobs', { queue: 'mail', state: 'active' }), 0)
        assert.equal(sample(text, 'huddle_queue_jobs', { queue: 'default', state: 'pending' }), 0)
      } finally {
        await clearQueue(driver)
        forgetQueueDepth()
        await QueueManager.init(await resolvedQueueConfig(app))
      }
    }).skip(driver === 'redis' && !process.env.REDIS_URL, 'REDIS_URL is not set')
  }
})

test.group('Request id on error answers', () => {
  test('an error answer carries the X-Request-Id header (generateRequestId)', async ({
    client,
    assert,
  }) => {
    const response = await client.get(`/no-such-page-${Date.now()}`)
    response.assertStatus(404)
    assert.match(response.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  })

  test('in production, a 500 hides its message and shows the request id (JSON and HTML)', async ({
    assert,
  }) => {
    class ProductionHandler extends HttpExceptionHandler {
      protected debug = false
    }
    const handler = new ProductionHandler()

    const json = await testUtils.createHttpContext()
    json.request.request.headers.accept = 'application/json'
    await handler.handle(new Error('Database unavailable'), json)
    const id = json.request.id()!
    assert.isString(id)
    assert.equal(json.response.getStatus(), 500)
    assert.deepInclude(json.response.getBody(), { requestId: id })
    assert.notInclude(JSON.stringify(json.response.getBody()), 'Database unavailable')

    const html = await testUtils.createHttpContext()
    html.request.request.headers.accept = 'text/html'
    await handler.handle(new Error('<b>boom</b>'), html)
    const body = String(html.response.getBody())
    assert.include(body, `Reference: <code>${html.request.id()}</code>`)
    assert.notInclude(body, 'boom', 'an unexpected failure keeps its text to the log')
    assert.include(body, 'Something went wrong on our side')
  })
})
