import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { UserFactory } from '#database/factories/user_factory'
import { setEnv } from '#tests/helpers/env'
import { OUTBOX_REFUSED } from '#services/dev_outbox_access'

/**
 * Issue 16 item 9: the development mail outbox holds password reset links.
 * A guest may read it only when the server listens on a loopback address and
 * the request came straight from this machine (loopback peer, no forwarding
 * header); otherwise only a signed-in admin. The route matrix covers the
 * forwarded case for every actor; this file the local one and each header.
 */
const FORWARDING_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-host': 'huddle.example.com' },
  { 'x-forwarded-proto': 'https' },
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-real-ip': '203.0.113.7' },
  { via: '1.1 proxy' },
]

test.group('Security / development mail outbox access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const host = env.get('HOST')
    return () => setEnv('HOST', host)
  })

  async function mail() {
    const [row] = await db
      .table('outbox_messages')
      .insert({
        message_id: `outbox-access-${Date.now()}`,
        to_address: 'admin@huddle.test',
        subject: 'Reset your password',
        html: '<p><a href="http://localhost/reset-password/secret-token">Reset</a></p>',
        text: 'http://localhost/reset-password/secret-token',
        created_at: new Date(),
      })
      .returning('id')
    return typeof row === 'object' ? row.id : row
  }

  test('a guest on this machine reads it (loopback server, direct request)', async ({
    client,
    assert,
  }) => {
    const id = await mail()
    assert.match(env.get('HOST'), /^(localhost|127\.|::1)/)
    const list = await client.get('/dev/outbox')
    list.assertStatus(200)
    list.assertTextIncludes('Reset your password')
    const show = await client.get(`/dev/outbox/${id}`)
    show.assertStatus(200)
    show.assertTextIncludes('secret-token')
  })

  test('a forwarded request (any proxy header) is not local: 403 for a guest and a member', async ({
    client,
    assert,
  }) => {
    const id = await mail()
    const member = await UserFactory.create()
    for (const headers of FORWARDING_HEADERS) {
      for (const url of ['/dev/outbox', `/dev/outbox/${id}`]) {
        const guest = await client.get(url).headers(headers)
        assert.equal(guest.status(), 403, `${url} with ${Object.keys(headers)[0]}`)
        assert.notInclude(guest.text(), 'secret-token')
        assert.include(guest.text(), 'signed-in administrator')
        const asMember = await client.get(url).headers(headers).loginAs(member)
        assert.equal(asMember.status(), 403)
        assert.notInclude(asMember.text(), 'secret-token')
      }
    }
  })

  test('a server listening on every interface refuses guests and members even from loopback', async ({
    client,
    assert,
  }) => {
    const id = await mail()
    // The client builds its URLs from HOST: keep reaching the test server.
    const server = `http://${env.get('HOST')}:${env.get('PORT')}`
    const member = await UserFactory.create()
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'huddle.example.com']) {
      setEnv('HOST', host)
      const guest = await client.get(`${server}/dev/outbox/${id}`)
      assert.equal(guest.status(), 403, `HOST=${host}`)
      assert.notInclude(guest.text(), 'secret-token')
      const asMember = await client.get(`${server}/dev/outbox`).loginAs(member)
      assert.equal(asMember.status(), 403)
    }
  })

  test('a signed-in admin reads it from anywhere', async ({ client }) => {
    const id = await mail()
    const admin = await UserFactory.apply('admin').create()
    const server = `http://${env.get('HOST')}:${env.get('PORT')}`
    setEnv('HOST', '0.0.0.0')
    const show = await client
      .get(`${server}/dev/outbox/${id}`)
      .header('x-forwarded-for', '203.0.113.7')
      .loginAs(admin)
    show.assertStatus(200)
    show.assertTextIncludes('secret-token')
  })

  test('the refusal says why, as an Inertia page too', async ({ client, assert }) => {
    const response = await client
      .get('/dev/outbox')
      .header('x-forwarded-for', '203.0.113.7')
      .withInertia()
    response.assertStatus(403)
    assert.equal(response.body().component, 'Errors/Forbidden')
    assert.equal(response.body().props.message, OUTBOX_REFUSED)
  })
})
