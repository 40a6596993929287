import { createHmac } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import PostPublished from '#events/post_published'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { WebhookReceiver } from '#tests/helpers/webhook_receiver'
import { setEnv } from '#tests/helpers/env'
import { tokenFor } from '#tests/functional/api/_support'
import { publishedPost } from '#tests/functional/api/_fixtures'
import { createEndpoint, emitWebhook, type WebhookEvent } from '#services/webhooks/endpoints'
import { postWebhook } from '#services/webhooks/send'
import { signatureHeader, verifySignature } from '#services/webhooks/signature'
import { isForbiddenAddress } from '#services/webhooks/address_guard'
import DeliverWebhookJob, { WEBHOOK_MAX_RETRIES } from '#jobs/deliver_webhook_job'
import { verificationUrl } from '#services/email_verification'
import MemberJoined from '#events/member_joined'

/**
 * Outgoing webhooks (issue 14): the admin page (Admin → System → Webhooks)
 * and the deliveries, against a real HTTP receiver on 127.0.0.1 that checks
 * each signature (tests/helpers/webhook_receiver.ts).
 */
const receiver = new WebhookReceiver()

const admin = () => UserFactory.apply('admin').create()
const member = () => UserFactory.create()

async function endpoint(
  createdBy: User,
  events: WebhookEvent[] = ['post.created', 'comment.created', 'member.joined', 'report.filed'],
  options: { isActive?: boolean; url?: string } = {}
) {
  const made = await createEndpoint(
    {
      url: options.url ?? receiver.url,
      description: 'Receiver',
      events,
      isActive: options.isActive ?? true,
    },
    createdBy.id
  )
  receiver.secret = made.secret
  return made
}

async function deliveries(endpointId: number) {
  return db.from('webhook_deliveries').where('endpoint_id', endpointId).orderBy('id', 'asc')
}

async function apiPost(client: any, user: User, body: string, audience = 'team') {
  const { secret } = await tokenFor(user, ['read', 'write'])
  return client.post('/api/v1/posts').bearerToken(secret).json({ body, audience })
}

test.group('Webhooks / admin page', (group) => {
  group.setup(async () => {
    await receiver.start()
    return () => receiver.stop()
  })
  group.each.setup(() => {
    receiver.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('guest → sign in; member and external → 403; admin → the page', async ({
    client,
    assert,
  }) => {
    const guest = await client.get('/admin/webhooks').redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    const asMember = await client
      .get('/admin/webhooks')
      .loginAs(await member())
      .withInertia()
    asMember.assertStatus(403)
    const outsider = await UserFactory.apply('external').create()
    const asExternal = await client.get('/admin/webhooks').loginAs(outsider).withInertia()
    asExternal.assertStatus(403)
    const asAdmin = await client
      .get('/admin/webhooks')
      .loginAs(await admin())
      .withInertia()
    asAdmin.assertStatus(200)
    asAdmin.assertInertiaComponent('Settings/Webhooks')
    const props = asAdmin.inertiaProps as any
    assert.deepEqual(props.endpoints, [])
    assert.deepEqual(
      props.events.map((event: { name: string }) => event.name),
      ['post.created', 'comment.created', 'member.joined', 'report.filed']
    )
    assert.isNull(props.revealedSecret)
  })

  test('creating an endpoint: the secret is shown once, stored encrypted, audited', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const created = await client
      .post('/admin/webhooks')
      .loginAs(boss)
      .withCsrfToken()
      .json({ url: receiver.url, description: 'Chat', events: ['post.created'], isActive: true })
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('location', '/admin/webhooks')
    const secret: string = (created.flashMessages() as any).webhookSecret.secret
    assert.match(secret, /^whsec_/)
    const [row] = await db.from('webhook_endpoints')
    assert.equal(row.url, receiver.url)
    assert.deepEqual(JSON.parse(row.events), ['post.created'])
    assert.notInclude(row.secret_encrypted, secret)
    const audit = await db.from('audit_logs').where('action', 'webhook.create').first()
    assert.equal(audit.actor_id, boss.id)
    assert.notInclude(String(audit.meta), secret)

    const page = await client.get('/admin/webhooks').loginAs(boss).withInertia()
    const props = page.inertiaProps as any
    assert.lengthOf(props.endpoints, 1)
    assert.equal(props.endpoints[0].url, receiver.url)
    assert.notInclude(JSON.stringify(props), secret, 'the secret is not on a later visit')
  })

  test('bad input: a message per field, nothing written', async ({ client, assert }) => {
    const boss = await admin()
    for (const form of [
      { url: '', events: ['post.created'] },
      { url: 'not a url', events: ['post.created'] },
      { url: 'ftp://example.com/x', events: ['post.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['post.deleted'] },
      { url: receiver.url, events: ['post.created'], description: 'x'.repeat(121) },
    ]) {
      const response = await client
        .post('/admin/webhooks')
        .loginAs(boss)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/admin/webhooks')
        .json(form)
        .redirects(0)
      assert.oneOf(response.status(), [302, 303], JSON.stringify(form))
      const flashed = response.flashMessages() as any
      assert.isNotEmpty(flashed.errorsBag ?? flashed.inputErrorsBag, JSON.stringify(form))
    }
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
  })

  test('SSRF guard: private and loopback targets are refused unless allowed', async ({
    client,
    assert,
    cleanup,
  }) => {
    setEnv('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', false)
    cleanup(() => setEnv('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', true))
    const boss = await admin()
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://[::1]:8080/',
      'http://192.168.1.10/',
    ]) {
      const response = await client
        .post('/admin/webhooks')
        .loginAs(boss)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/admin/webhooks')
        .json({ url, events: ['post.created'] })
        .redirects(0)
      assert.oneOf(response.status(), [302, 303], url)
      const flashed = response.flashMessages() as any
      assert.match(String(flashed.errorsBag?.url ?? flashed.inputErrorsBag?.url), /private/, url)
    }
    assert.lengthOf(await db.from('webhook_endpoints'), 0)

    // At delivery time too (a name that resolves to loopback; a literal address).
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const attempt = await postWebhook({
        url,
        secret: 's',
        event: 'ping',
        deliveryId: 1,
        body: '{}',
      })
      assert.isNull(attempt.status, url)
      assert.match(String(attempt.error), /private/)
    }
    assert.lengthOf(receiver.received, 0)
    assert.isTrue(isForbiddenAddress('::ffff:127.0.0.1'))
    assert.isFalse(isForbiddenAddress('93.184.216.34'))
  })

  test('edit, disable, rotate the secret, delete: 404 for an unknown id; all audited', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const { id, secret } = await endpoint(boss, ['post.created'])
    const edited = await client
      .put(`/admin/webhooks/${id}`)
      .loginAs(boss)
      .withCsrfToken()
      .json({ url: receiver.url, events: ['comment.created', 'report.filed'], isActive: false })
      .redirects(0)
    edited.assertStatus(302)
    const row = await db.from('webhook_endpoints').where('id', id).first()
    assert.deepEqual(JSON.parse(row.events), ['comment.created', 'report.filed'])
    assert.isFalse(Boolean(row.is_active))

    const rotated = await client
      .post(`/admin/webhooks/${id}/secret`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    rotated.assertStatus(302)
    const fresh: string = (rotated.flashMessages() as any).webhookSecret.secret
    assert.notEqual(fresh, secret)

    for (const [method, path] of [
      ['put', '/admin/webhooks/999999'],
      ['delete', '/admin/webhooks/999999'],
      ['post', '/admin/webhooks/999999/secret'],
      ['post', '/admin/webhooks/999999/test'],
    ] as const) {
      const missing = await client[method](path)
        .loginAs(boss)
        .withCsrfToken()
        .withInertia()
        .json({ url: receiver.url, events: ['post.created'] })
        .redirects(0)
      assert.equal(missing.status(), 404, `${method} ${path}`)
    }

    // A member cannot touch it.
    const outsider = await member()
    const refused = await client
      .delete(`/admin/webhooks/${id}`)
      .loginAs(outsider)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    refused.assertStatus(403)

    const deleted = await client
      .delete(`/admin/webhooks/${id}`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    deleted.assertStatus(302)
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
    const actions = await db
      .from('audit_logs')
      .whereLike('action', 'webhook.%')
      .orderBy('id', 'asc')
      .select('action')
    assert.deepEqual(
      actions.map((entry) => entry.action),
      ['webhook.update', 'webhook.rotate_secret', 'webhook.delete']
    )
  })

  test('"send test": a signed ping, logged on the page; refused while disabled', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const { id } = await endpoint(boss)
    const sent = await client
      .post(`/admin/webhooks/${id}/test`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    sent.assertStatus(302)
    const [hook] = await receiver.waitFor(1)
    assert.exists(hook)
    assert.isTrue(hook.signatureValid)
    assert.equal(hook.headers['huddle-event'], 'ping')
    assert.equal(hook.body.event, 'ping')

    const page = await client.get('/admin/webhooks').loginAs(boss).withInertia()
    const [log] = (page.inertiaProps as any).endpoints[0].deliveries
    assert.equal(log.status, 'delivered')
    assert.equal(log.responseCode, 200)
    assert.equal(log.attempts, 1)
    assert.isNumber(log.durationMs)

    await db.from('webhook_endpoints').where('id', id).update({ is_active: false })
    const refused = await client
      .post(`/admin/webhooks/${id}/test`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(302)
    assert.match(String((refused.flashMessages() as any).error), /disabled/)
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.lengthOf(receiver.received, 1)
  })
})

test.group('Webhooks / deliveries', (group) => {
  group.setup(async () => {
    await receiver.start()
    return () => receiver.stop()
  })
  group.each.setup(() => {
    receiver.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('post.created: the receiver verifies the signature; only what members may see', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const author = await member()
    const { id } = await endpoint(boss, ['post.created'])
    const response = await apiPost(client, author, '<p>Hello webhooks</p>')
    response.assertStatus(201)
    const [hook] = await receiver.waitFor(1)
    assert.exists(hook, 'the receiver got nothing')
    assert.isTrue(hook.signatureValid, 'the signature does not verify')
    assert.equal(hook.headers['content-type'], 'application/json')
    assert.equal(hook.headers['huddle-event'], 'post.created')
    assert.equal(hook.body.event, 'post.created')
    assert.equal(hook.body.data.post.id, String(response.body().post.id))
    assert.equal(hook.body.data.post.author.username, author.username)
    assert.include(hook.body.data.post.bodyText, 'Hello webhooks')
    assert.notProperty(hook.body.data.post.author, 'email')
    assert.notInclude(hook.raw, author.email)
    // The same bytes with another secret, or tampered, do not verify.
    assert.isFalse(
      verifySignature('whsec_other', hook.headers['huddle-signature'] as string, hook.raw)
    )
    assert.isFalse(
      verifySignature(receiver.secret, hook.headers['huddle-signature'] as string, `${hook.raw} `)
    )
    const [log] = await deliveries(id)
    assert.equal(log.status, 'delivered')
    assert.equal(Number(log.response_code), 200)
    assert.equal(hook.headers['huddle-delivery'], String(log.id))

    // A post waiting for moderation (an external's public post) goes nowhere.
    const external = await UserFactory.apply('external').create()
    const pending = await apiPost(client, external, '<p>Please approve</p>', 'public')
    pending.assertStatus(201)
    assert.equal(pending.body().post.status, 'pending')
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(receiver.received, 1)
  })

  test('5xx are retried with back-off until delivered; 4xx fails for good', async ({ assert }) => {
    const boss = await admin()
    const { id } = await endpoint(boss, ['post.created'])
    // 500, 503, then 200.
    receiver.status = (count) => (count < 3 ? (count === 1 ? 500 : 503) : 200)
    const author = await member()
    const post = await publishedPost(author)
    await PostPublished.dispatch({ postId: post.id, authorId: author.id, audience: 'team' })
    const hooks = await receiver.waitFor(3)
    assert.lengthOf(hooks, 3)
    assert.isTrue(hooks.every((hook) => hook.signatureValid))
    assert.lengthOf(new Set(hooks.map((hook) => hook.headers['huddle-delivery'])), 1)
    assert.lengthOf(new Set(hooks.map((hook) => hook.raw)), 1, 'the same body each time')
    const [log] = await deliveries(id)
    assert.equal(log.status, 'delivered')
    assert.equal(Number(log.attempts), 3)
    assert.equal(Number(log.response_code), 200)
    assert.isNull(log.error)

    // A 410 is final: one attempt, failed, with its code.
    receiver.reset()
    const again = await endpoint(boss, ['comment.created'])
    receiver.status = () => 410
    await emitWebhook('comment.created', 'comment:1', async () => ({ comment: { id: '1' } }))
    await receiver.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(receiver.received, 1)
    const [failed] = await deliveries(again.id)
    assert.equal(failed.status, 'failed')
    assert.equal(Number(failed.response_code), 410)
    assert.equal(Number(failed.attempts), 1)

    // Always down: WEBHOOK_MAX_RETRIES + 1 attempts, then failed.
    receiver.reset()
    const down = await endpoint(boss, ['report.filed'])
    receiver.status = () => 502
    await emitWebhook('report.filed', 'report:1', async () => ({ report: { id: '1' } }))
    await receiver.waitFor(WEBHOOK_MAX_RETRIES + 1, 10_000)
    const [gaveUp] = await deliveries(down.id)
    assert.equal(gaveUp.status, 'failed')
    assert.equal(Number(gaveUp.attempts), WEBHOOK_MAX_RETRIES + 1)
    assert.equal(DeliverWebhookJob.options.retry?.maxRetries, WEBHOOK_MAX_RETRIES)
  }).timeout(30_000)

  test('a request without an answer gives up at the time limit', async ({ assert }) => {
    receiver.hang = true
    const started = Date.now()
    const attempt = await postWebhook({
      url: receiver.url,
      secret: 's',
      event: 'ping',
      deliveryId: 1,
      body: '{}',
      timeoutMs: 300,
    })
    assert.isNull(attempt.status)
    assert.match(String(attempt.error), /No answer/)
    assert.isBelow(Date.now() - started, 3000)
  })

  test('a disabled endpoint, or one without the event, gets nothing', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const disabled = await endpoint(boss, ['post.created'], { isActive: false })
    const other = await endpoint(boss, ['report.filed'])
    const author = await member()
    const response = await apiPost(client, author, '<p>Nobody listens</p>')
    response.assertStatus(201)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(receiver.received, 0)
    assert.lengthOf(await deliveries(disabled.id), 0)
    assert.lengthOf(await deliveries(other.id), 0)

    // Disabled after the delivery was queued: the job sends nothing.
    const late = await endpoint(boss, ['post.created'])
    await db.from('webhook_endpoints').where('id', late.id).update({ is_active: false })
    const [row] = await db
      .table('webhook_deliveries')
      .insert({
        endpoint_id: late.id,
        event: 'post.created',
        subject: 'post:1',
        payload: '{}',
        status: 'pending',
        attempts: 0,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const deliveryId = Number(typeof row === 'object' ? row.id : row)
    await DeliverWebhookJob.dispatch({ deliveryId })
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.lengthOf(receiver.received, 0)
    const [log] = await deliveries(late.id)
    assert.equal(log.status, 'failed')
  })

  test('the payload is read only when an active endpoint wants the event', async ({ assert }) => {
    const boss = await admin()
    await endpoint(boss, ['report.filed'])
    await endpoint(boss, ['post.created'], { isActive: false })
    const built: string[] = []
    const payload = (event: string) => async () => {
      built.push(event)
      return { ping: event }
    }
    await emitWebhook('post.created', 'post:1', payload('post.created'))
    await emitWebhook('report.filed', 'report:1', payload('report.filed'))
    assert.deepEqual(built, ['report.filed'])
    await receiver.waitFor(1)

    // A payload that finds nothing to send (null) queues nothing.
    await emitWebhook('report.filed', 'report:2', async () => null)
    const rows = await db.from('webhook_deliveries').select('subject')
    assert.deepEqual(
      rows.map((row) => row.subject),
      ['report:1']
    )
  })

  test('comment.created, report.filed and member.joined', async ({ client, assert }) => {
    const boss = await admin()
    await endpoint(boss, ['comment.created', 'report.filed', 'member.joined'])
    const author = await member()
    const commenter = await member()
    const post = await publishedPost(author)

    const { secret } = await tokenFor(commenter, ['read', 'write'])
    const commented = await client
      .post(`/api/v1/posts/${post.id}/comments`)
      .bearerToken(secret)
      .json({ body: 'Nice one' })
    commented.assertStatus(201)
    const [comment] = await receiver.waitFor(1)
    assert.equal(comment.body.event, 'comment.created')
    assert.equal(comment.body.data.comment.body, 'Nice one')
    assert.equal(comment.body.data.comment.postId, String(post.id))
    assert.isTrue(comment.signatureValid)

    const reported = await client
      .post('/reports')
      .loginAs(commenter)
      .withCsrfToken()
      .header('referer', `/posts/${post.id}`)
      .form({ type: 'post', id: post.id, reason: 'spam', details: 'my private words' })
      .redirects(0)
    assert.oneOf(reported.status(), [200, 302, 303])
    const hooks = await receiver.waitFor(2)
    const report = hooks.find((hook) => hook.body.event === 'report.filed')
    assert.exists(report, 'no report.filed')
    assert.equal(report!.body.data.report.subjectType, 'post')
    assert.equal(report!.body.data.report.reason, 'spam')
    assert.notInclude(report!.raw, 'my private words')
    assert.notInclude(report!.raw, commenter.username)

    const newcomer = await member()
    await MemberJoined.dispatch({ userId: newcomer.id })
    await MemberJoined.dispatch({ userId: newcomer.id })
    const external = await UserFactory.apply('external').create()
    await MemberJoined.dispatch({ userId: external.id })
    await receiver.waitFor(3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const joined = receiver.received.filter((hook) => hook.body.event === 'member.joined')
    assert.lengthOf(joined, 1, 'once per member; never an external')
    assert.equal(joined[0].body.data.member.username, newcomer.username)
    assert.notInclude(joined[0].raw, newcomer.email)
  })

  test('member.joined is raised where an account becomes usable: the e-mail link', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    await endpoint(boss, ['member.joined'])
    const newcomer = await UserFactory.apply('unverified').create()
    const url = new URL(verificationUrl(newcomer))
    const verified = await client.get(`${url.pathname}${url.search}`).redirects(0)
    verified.assertStatus(302)
    const [hook] = await receiver.waitFor(1)
    assert.exists(hook, 'no member.joined after verification')
    assert.equal(hook.body.event, 'member.joined')
    assert.equal(hook.body.data.member.id, String(newcomer.id))
    assert.isTrue(hook.signatureValid)
    // A pending external who verifies is no member: nothing.
    const pending = await UserFactory.apply('pending').apply('unverified').create()
    const pendingUrl = new URL(verificationUrl(pending))
    await client.get(`${pendingUrl.pathname}${pendingUrl.search}`).redirects(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(receiver.received, 1)
  })

  test('the signature format: t=<unix>,v1=<hex of HMAC-SHA256("t.body")>', async ({ assert }) => {
    const header = signatureHeader('whsec_test', '{"a":1}', 1_700_000_000_000)
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex')
    assert.equal(header, `t=1700000000,v1=${expected}`)
    assert.isTrue(verifySignature('whsec_test', header, '{"a":1}', { now: 1_700_000_000_000 }))
    // Stale: refused.
    assert.isFalse(verifySignature('whsec_test', header, '{"a":1}', { now: 1_700_001_000_000 }))
  })
})
