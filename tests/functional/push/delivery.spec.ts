import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { TestPushService, type TestSubscription } from '#tests/helpers/push_service'
import { sendPush, trustPushServiceCertificate } from '#services/web_push'
import { visibleTabsChannel } from '#services/realtime/channels'
import { realtime } from '#services/realtime/main'
import env from '#start/env'
import SendPushJob from '#jobs/send_push_job'
import { PostFactory } from '#database/factories/post_factory'

/**
 * The push round trip (issue 15 §2) with the real protocol: a notification
 * (here: a like, through the like route) reaches the recipient's browser
 * through a real push service (tests/helpers/push_service.ts) that checks
 * the VAPID signature and decrypts the aes128gcm payload with the keys only
 * that browser holds. Nobody with a visible tab, push off, or oneself is
 * pushed; 404/410 removes the subscription; 5xx is retried by the queue.
 */
const service = new TestPushService()

async function subscribe(client: any, user: User): Promise<TestSubscription> {
  const subscription = service.subscription()
  const response = await client
    .post('/push/subscriptions')
    .headers({ accept: 'application/json' })
    .json(subscription)
    .withCsrfToken()
    .loginAs(user)
  response.assertStatus(201)
  // Likes are pushed only to people who turned that on (calm defaults, §4).
  await db
    .insertQuery()
    .table('notification_preferences')
    .insert({ user_id: user.id, category: 'likes', channel: 'push', enabled: true })
    .onConflict(['user_id', 'category', 'channel'])
    .ignore()
  return subscription
}

async function like(client: any, user: User, postId: number) {
  const response = await client
    .post(`/posts/${postId}/like`)
    .headers({ accept: 'application/json' })
    .withCsrfToken()
    .loginAs(user)
  response.assertStatus(200)
}

/** Waits for `count` pushes to `subscription` (the listener runs after the response). */
async function pushesTo(subscription: TestSubscription, count: number, waitMs = 3000) {
  const until = Date.now() + waitMs
  while (service.pushesTo(subscription).length < count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return service.pushesTo(subscription)
}

test.group('Push / delivery round trip', (group) => {
  group.setup(async () => {
    await service.start()
    trustPushServiceCertificate(service.certificate)
    return async () => {
      trustPushServiceCertificate(null)
      await service.stop()
    }
  })
  group.each.setup(() => {
    service.received.length = 0
    service.status = () => 201
    return testUtils.db().withGlobalTransaction()
  })

  test('a like is pushed: VAPID signature checked, payload decrypted = title + link', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const browser = await subscribe(client, ana)
    await like(client, bo, post.id)

    const [push] = await pushesTo(browser, 1)
    assert.exists(push, 'the push service got nothing')
    assert.isNull(push.vapidError)
    assert.equal(push.vapid!.publicKey, env.get('VAPID_PUBLIC_KEY'))
    assert.equal(push.vapid!.claims.aud, service.origin)
    assert.match(String(push.vapid!.claims.sub), /^(mailto:|https:)/)
    assert.equal(push.headers['content-encoding'], 'aes128gcm')
    assert.isDefined(push.headers.ttl)
    assert.isNull(push.decryptError)
    assert.deepEqual(push.payload, {
      title: `${bo.fullName} liked your post`,
      url: `/posts/${post.id}`,
    })
    const row = await db.from('push_subscriptions').where('endpoint', browser.endpoint).first()
    assert.isNotNull(row.last_pushed_at)
  })

  test('grouped like the bell: the second like reads "A and B liked your post"', async ({
    client,
    assert,
  }) => {
    const [ana, bo, cy, dee] = await UserFactory.createMany(4)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const browser = await subscribe(client, ana)
    await like(client, bo, post.id)
    await like(client, cy, post.id)
    await like(client, dee, post.id)
    const pushes = await pushesTo(browser, 3)
    assert.deepEqual(
      pushes.map((push) => push.payload?.title),
      [
        `${bo.fullName} liked your post`,
        `${cy.fullName} and ${bo.fullName} liked your post`,
        `${dee.fullName} and 2 others liked your post`,
      ]
    )
  })

  test('every device of the person gets it; nobody else’s device does', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const phone = await subscribe(client, ana)
    const laptop = await subscribe(client, ana)
    const bosPhone = await subscribe(client, bo)
    await like(client, bo, post.id)
    assert.lengthOf(await pushesTo(phone, 1), 1)
    assert.lengthOf(await pushesTo(laptop, 1), 1)
    assert.lengthOf(await pushesTo(bosPhone, 1, 300), 0)
  })

  test('no push with a visible tab open, none with push off, none to oneself', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const browser = await subscribe(client, ana)

    // A visible tab: a member of the person's own presence channel.
    const presence = realtime.hub!.presence
    const channel = visibleTabsChannel(ana.id)
    await presence.join(channel, '1.1', { userId: String(ana.id), rawId: ana.id, info: {} })
    await like(client, bo, post.id)
    assert.lengthOf(await pushesTo(browser, 1, 400), 0)
    await presence.leave(channel, '1.1', String(ana.id))

    // Push off.
    await db.from('users').where('id', ana.id).update({ push_enabled: false })
    const second = await PostFactory.merge({ authorId: ana.id }).create()
    await like(client, bo, second.id)
    assert.lengthOf(await pushesTo(browser, 1, 400), 0)
    await db.from('users').where('id', ana.id).update({ push_enabled: true })

    // Oneself.
    const third = await PostFactory.merge({ authorId: ana.id }).create()
    await like(client, ana, third.id)
    assert.lengthOf(await pushesTo(browser, 1, 400), 0)

    // Tab hidden, push on: pushed.
    const fourth = await PostFactory.merge({ authorId: ana.id }).create()
    await like(client, bo, fourth.id)
    assert.lengthOf(await pushesTo(browser, 1), 1)
  })

  test('404 and 410 from the push service remove the subscription', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const gone = await subscribe(client, ana)
    const unknown = await subscribe(client, ana)
    const kept = await subscribe(client, ana)
    const statuses = new Map([
      [new URL(gone.endpoint).pathname, 410],
      [new URL(unknown.endpoint).pathname, 404],
    ])
    service.status = (path) => statuses.get(path) ?? 201
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    await like(client, bo, post.id)
    await pushesTo(kept, 1)
    await pushesTo(gone, 1)
    await pushesTo(unknown, 1)
    const rows = await db.from('push_subscriptions').where('user_id', ana.id)
    const endpoints = rows.map((row) => row.endpoint)
    assert.deepEqual(endpoints, [kept.endpoint])
  })

  test('a push service error (5xx, 429) is thrown for the queue to retry, with back-off', async ({
    assert,
  }) => {
    const ana = await UserFactory.create()
    const browser = service.subscription()
    const [row] = await db
      .table('push_subscriptions')
      .insert({
        user_id: ana.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        device: 'Test',
        created_at: new Date(),
      })
      .returning('id')
    const id = Number(typeof row === 'object' ? row.id : row)
    const target = { endpoint: browser.endpoint, ...browser.keys }
    for (const status of [500, 503, 429]) {
      service.status = () => status
      await assert.rejects(() => sendPush(target, { title: 't', url: '/' }))
    }
    service.status = () => 201
    assert.equal(await sendPush(target, { title: 't', url: '/' }), 'sent')
    assert.lengthOf(service.pushesTo(browser), 4)
    assert.equal(SendPushJob.options.retry?.maxRetries, 6)
    assert.isFunction(SendPushJob.options.retry?.backoff)
    assert.isNotNull(await db.from('push_subscriptions').where('id', id).first())
  })
})
