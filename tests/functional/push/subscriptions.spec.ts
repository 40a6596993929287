import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { allowPrivatePushHostsInTests, pushEndpointProblem } from '#services/web_push'
import env from '#start/env'
import { existsSync } from 'node:fs'

/**
 * Web Push subscription routes (issue 15 §2) × actors, and bad input: one's
 * own subscriptions only, an endpoint must be an https URL of a public push
 * service (SSRF), nothing is written on a refusal.
 */
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const KEYS = {
  p256dh: 'B' + 'A'.repeat(86),
  auth: 'a'.repeat(22),
}
const json = { accept: 'application/json' }

function subscription(endpoint = 'https://push.example.net/send/abc') {
  return { endpoint, keys: KEYS }
}

async function rowsOf(userId?: number) {
  const query = db.from('push_subscriptions').orderBy('id')
  if (userId !== undefined) query.where('user_id', userId)
  return query
}

test.group('Push / subscribe', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to sign in and nothing is written', async ({ client, assert }) => {
    const response = await client
      .post('/push/subscriptions')
      .json(subscription())
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.lengthOf(await rowsOf(), 0)
  })

  test('a request without the CSRF token is refused', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const response = await client
      .post('/push/subscriptions')
      .headers(json)
      .json(subscription())
      .loginAs(ana)
      .redirects(0)
    assert.oneOf(response.status(), [302, 403])
    assert.lengthOf(await rowsOf(), 0)
  })

  test('a member subscribes a browser: stored with a device name', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const response = await client
      .post('/push/subscriptions')
      .headers({ ...json, 'user-agent': CHROME_LINUX })
      .json(subscription())
      .withCsrfToken()
      .loginAs(ana)
    response.assertStatus(201)
    assert.equal(response.body().device, 'Chrome on Linux')
    const rows = await rowsOf(ana.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].endpoint, 'https://push.example.net/send/abc')
    assert.equal(rows[0].p256dh, KEYS.p256dh)
    assert.equal(rows[0].id, response.body().id)
  })

  test('one row per browser: the same endpoint subscribed by someone else moves to them', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    for (const user of [ana, ana, bo]) {
      await client
        .post('/push/subscriptions')
        .headers(json)
        .json(subscription())
        .withCsrfToken()
        .loginAs(user)
        .then((response) => response.assertStatus(201))
    }
    const rows = await rowsOf()
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].user_id, bo.id)
  })

  test('at most 20 devices per person: a new one replaces the oldest', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    for (let index = 0; index < 22; index++) {
      const response = await client
        .post('/push/subscriptions')
        .headers(json)
        .json(subscription(`https://push.example.net/device/${index}`))
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(201)
    }
    const rows = await rowsOf(ana.id)
    assert.lengthOf(rows, 20)
    assert.equal(rows[0].endpoint, 'https://push.example.net/device/2')
    assert.equal(rows[19].endpoint, 'https://push.example.net/device/21')
  })

  test('bad input is refused with a clear message and nothing is written', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const cases: [unknown, string][] = [
      [{ ...subscription(), endpoint: 'http://push.example.net/x' }, 'endpoint'],
      [{ ...subscription(), endpoint: 'not a url' }, 'endpoint'],
      [{ ...subscription(), endpoint: `https://push.example.net/${'a'.repeat(2100)}` }, 'endpoint'],
      [{ ...subscription(), endpoint: 'https://user:pw@push.example.net/x' }, 'endpoint'],
      [{ endpoint: 'https://push.example.net/x' }, 'keys'],
      [{ ...subscription(), keys: { ...KEYS, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...subscription(), keys: { ...KEYS, auth: 'a'.repeat(40) } }, 'keys.auth'],
      [{ ...subscription(), endpoint: ['https://push.example.net/x'] }, 'endpoint'],
    ]
    for (const [body, field] of cases) {
      const response = await client
        .post('/push/subscriptions')
        .headers(json)
        .json(body as object)
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(422)
      const errors = response.body().errors as { field: string; message: string }[]
      assert.include(
        errors.map((error) => error.field),
        field,
        JSON.stringify(body).slice(0, 80)
      )
      assert.isTrue(errors.every((error) => error.message.length > 0))
    }
    assert.lengthOf(await rowsOf(), 0)
  })

  test('SSRF: loopback, private, link-local and mapped addresses are refused', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    allowPrivatePushHostsInTests(false)
    try {
      const refused = [
        'https://127.0.0.1/push',
        'https://localhost/push',
        'https://10.1.2.3/push',
        'https://192.168.0.10:8443/push',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/push',
        'https://[::ffff:127.0.0.1]/push',
        'https://[::ffff:a9fe:a9fe]/push',
        'https://[fd00::1]/push',
        'https://0.0.0.0/push',
      ]
      for (const endpoint of refused) {
        assert.isNotNull(await pushEndpointProblem(endpoint), endpoint)
        const response = await client
          .post('/push/subscriptions')
          .headers(json)
          .json(subscription(endpoint))
          .withCsrfToken()
          .loginAs(ana)
        response.assertStatus(422)
        assert.match(response.body().errors[0].message, /public push service|https/)
      }
      assert.isNull(await pushEndpointProblem('https://8.8.8.8/push'))
      assert.isNull(await pushEndpointProblem('https://[2001:4860:4860::8888]/push'))
      assert.lengthOf(await rowsOf(), 0)
    } finally {
      allowPrivatePushHostsInTests(true)
    }
  })
})

test.group('Push / unsubscribe, list, remove, on/off', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function subscribe(client: any, user: any, endpoint: string) {
    const response = await client
      .post('/push/subscriptions')
      .headers(json)
      .json(subscription(endpoint))
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(201)
    return response.body().id as number
  }

  test('the profile settings list one’s own devices only, with the public key', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await subscribe(client, ana, 'https://push.example.net/a')
    await subscribe(client, bo, 'https://push.example.net/b')
    const response = await client.get('/profile').withInertia().loginAs(ana)
    response.assertStatus(200)
    const push = (response.inertiaProps as any).push
    assert.equal(push.publicKey, env.get('VAPID_PUBLIC_KEY'))
    assert.isTrue(push.enabled)
    assert.lengthOf(push.devices, 1)
    assert.notInclude(JSON.stringify(push), 'push.example.net')
  })

  test('removing someone else’s device is a 404 and keeps it; one’s own goes', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const anas = await subscribe(client, ana, 'https://push.example.net/a')
    const other = await client
      .delete(`/push/subscriptions/${anas}`)
      .withCsrfToken()
      .loginAs(bo)
      .redirects(0)
    other.assertStatus(404)
    assert.lengthOf(await rowsOf(ana.id), 1)
    const guest = await client.delete(`/push/subscriptions/${anas}`).withCsrfToken().redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    assert.lengthOf(await rowsOf(ana.id), 1)
    const own = await client
      .delete(`/push/subscriptions/${anas}`)
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    own.assertStatus(302)
    own.assertHeader('location', '/profile')
    assert.lengthOf(await rowsOf(ana.id), 0)
  })

  test('a browser unsubscribes itself by endpoint, never someone else’s', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await subscribe(client, ana, 'https://push.example.net/a')
    const other = await client
      .post('/push/unsubscribe')
      .headers(json)
      .json({ endpoint: 'https://push.example.net/a' })
      .withCsrfToken()
      .loginAs(bo)
    other.assertStatus(200)
    assert.isFalse(other.body().removed)
    assert.lengthOf(await rowsOf(ana.id), 1)
    const bad = await client
      .post('/push/unsubscribe')
      .headers(json)
      .json({ endpoint: 42 })
      .withCsrfToken()
      .loginAs(ana)
    bad.assertStatus(422)
    const own = await client
      .post('/push/unsubscribe')
      .headers(json)
      .json({ endpoint: 'https://push.example.net/a' })
      .withCsrfToken()
      .loginAs(ana)
    own.assertStatus(200)
    assert.isTrue(own.body().removed)
    assert.lengthOf(await rowsOf(ana.id), 0)
  })

  test('push on/off is one’s own setting; bad input changes nothing', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const enabled = async (id: number) => {
      const row = await db.from('users').where('id', id).select('push_enabled').first()
      return Boolean(row.push_enabled)
    }
    const bad = await client
      .put('/profile/push')
      .headers(json)
      .json({ enabled: 'maybe' })
      .withCsrfToken()
      .loginAs(ana)
    bad.assertStatus(422)
    assert.isTrue(await enabled(ana.id))
    const off = await client
      .put('/profile/push')
      .form({ enabled: 'false' })
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    off.assertStatus(302)
    assert.isFalse(await enabled(ana.id))
    assert.isTrue(await enabled(bo.id))
  })
})

test.group('Push / manifest', () => {
  test('the manifest is public, named after the team, with installable icons', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/manifest.webmanifest')
    response.assertStatus(200)
    assert.match(String(response.header('content-type')), /application\/manifest\+json/)
    const manifest = JSON.parse(response.text())
    assert.equal(manifest.start_url, '/')
    assert.equal(manifest.display, 'standalone')
    assert.isString(manifest.name)
    assert.isAbove(manifest.icons.length, 0)
  })

  test('the service worker is served from the root, revalidated on every visit', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/sw.js')
    response.assertStatus(200)
    assert.match(String(response.header('content-type')), /javascript/)
    assert.equal(response.header('cache-control'), 'no-cache')
    assert.include(response.text(), '/offline.html')
  }).skip(!existsSync('public/build/sw.js'), 'needs a production build (npm run build)')
})
