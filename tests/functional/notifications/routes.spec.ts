import { test } from '@japa/runner'
import BlockPerson from '#actions/people/block_person'
import UnblockPerson from '#actions/people/unblock_person'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import Notify from '#actions/notifications/notify'
import { block } from '#tests/functional/feeds/fixtures'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { countQueries } from '#tests/functional/feeds/query_counter'
import {
  notificationsOf,
  recordBroadcasts,
  userChannel,
} from '#tests/functional/notifications/_support'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Notification routes × actors (guest, member, external, admin) and bad
 * input: one's own notifications only (anyone else's id is a 404), JSON
 * where asked, keyset pages.
 */
async function likeNotice(recipient: User, actor: User, postId?: number) {
  let id = postId
  if (id === undefined) {
    const post = await PostFactory.merge({ authorId: recipient.id }).create()
    id = post.id
  }
  const created = await new Notify().handle({
    recipientId: recipient.id,
    kind: 'post_liked',
    actorId: actor.id,
    target: { type: 'post', id },
  })
  return created!
}

const json = { accept: 'application/json' }

test.group('Notifications / page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to sign in', async ({ client }) => {
    const response = await client.get('/notifications').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('a member sees their own notifications, newest first, without e-mails', async ({
    client,
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await likeNotice(ana, bo)
    await likeNotice(ana, cy)
    await likeNotice(bo, ana) // someone else's
    const response = await client.get('/notifications').withInertia().loginAs(ana)
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/Notifications')
    const props = response.inertiaProps as any
    assert.equal(props.unreadCount, 2)
    assert.deepEqual(
      props.notifications.data.map((item: any) => item.actors[0].username),
      [cy.username, bo.username]
    )
    assert.notInclude(JSON.stringify(props.notifications), '@')
  })

  test('externals get the member page, admins the back-office one', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const admin = await UserFactory.apply('admin').create()
    const forExternal = await client.get('/notifications').withInertia().loginAs(external)
    forExternal.assertInertiaComponent('Homepage/Notifications')
    const forAdmin = await client.get('/notifications').withInertia().loginAs(admin)
    forAdmin.assertInertiaComponent('Dashboard/Notification')
  })

  test('keyset pages of 20: the next page continues below the cursor', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const actors = await UserFactory.createMany(23)
    for (const actor of actors) {
      // Likes on one post would group: one post per actor.
      const target = await PostFactory.merge({ authorId: ana.id }).create()
      await likeNotice(ana, actor, target.id)
    }
    const first = await client.get('/notifications').withInertia().loginAs(ana)
    const page1 = (first.inertiaProps as any).notifications
    assert.lengthOf(page1.data, 20)
    const cursor = page1.data[19].id
    const second = await client
      .get(`/notifications?cursor=${cursor}`)
      .withInertiaPartialReload('Homepage/Notifications', ['notifications'])
      .loginAs(ana)
    const page2 = (second.inertiaProps as any).notifications
    assert.lengthOf(page2.data, 3)
    assert.isTrue(page2.data.every((item: any) => item.id < cursor))
  })

  test('the page costs the same small number of queries for 3 notifications as for 20', async ({
    client,
    assert,
  }) => {
    const measure = async (count: number) => {
      const ana = await UserFactory.create()
      const actors = await UserFactory.createMany(count)
      for (const actor of actors) {
        const target = await PostFactory.merge({ authorId: ana.id }).create()
        await likeNotice(ana, actor, target.id)
      }
      await client.get('/notifications').withInertia().loginAs(ana)
      return countQueries(() => client.get('/notifications').withInertia().loginAs(ana))
    }
    const few = await measure(3)
    const many = await measure(20)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    // The signed-in user, the exact unread count, the page, the people
    // named, the posts excerpted (through the visibility rule): 5.
    assert.equal(many.count, 5, many.statements.join('\n'))
  })

  test('a malformed cursor is a 400 with a clear message', async ({ client }) => {
    const ana = await UserFactory.create()
    const response = await client
      .get('/notifications?cursor=abc')
      .header('accept', 'application/json')
      .loginAs(ana)
    response.assertStatus(400)
  })

  test('notifications from people in a block relation are hidden (and not counted)', async ({
    client,
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await likeNotice(ana, bo)
    await likeNotice(ana, cy)
    await block(ana, bo)
    const response = await client.get('/notifications').withInertia().loginAs(ana)
    const props = response.inertiaProps as any
    assert.equal(props.unreadCount, 1)
    assert.deepEqual(
      props.notifications.data.map((item: any) => item.actors[0].username),
      [cy.username]
    )
  })
})

test.group('Notifications / latest (dropdown)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guest → sign in; JSON only (406 otherwise)', async ({ client }) => {
    const guest = await client.get('/notifications/latest').redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    const guestJson = await client.get('/notifications/latest').headers(json).redirects(0)
    guestJson.assertStatus(401)
    const ana = await UserFactory.create()
    const html = await client.get('/notifications/latest').loginAs(ana)
    html.assertStatus(406)
  })

  test('the latest 8 and the unread count, for every role', async ({ client, assert }) => {
    for (const state of [null, 'external', 'admin'] as const) {
      const user = state ? await UserFactory.apply(state).create() : await UserFactory.create()
      const others = await UserFactory.createMany(10)
      for (const other of others) {
        const target = await PostFactory.merge({ authorId: user.id }).create()
        await likeNotice(user, other, target.id)
      }
      const response = await client.get('/notifications/latest').headers(json).loginAs(user)
      response.assertStatus(200)
      assert.lengthOf(response.body().items, 8)
      assert.equal(response.body().unreadCount, 10)
    }
  })
})

test.group('Notifications / open, read, read all', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const live = recordBroadcasts(group)

  test('opening marks it read and goes to the target', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const notice = await likeNotice(ana, bo, post.id)
    const response = await client
      .post(`/notifications/${notice.id}/open`)
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `/posts/${post.id}`)
    const [row] = await notificationsOf(ana)
    assert.isNotNull(row.read_at)
    const pushed = live.on(userChannel(ana), 'NotificationsRead')
    assert.deepEqual(pushed[0].data, { ids: [notice.id], all: false, unreadCount: 0 })
  })

  test('a new comment opens at the comment anchor', async ({ client }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const notice = await new Notify().handle({
      recipientId: ana.id,
      kind: 'post_commented',
      actorId: bo.id,
      target: { type: 'post', id: post.id },
      data: { commentId: 42 },
    })
    const response = await client
      .post(`/notifications/${notice!.id}/open`)
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    response.assertHeader('location', `/posts/${post.id}#comment-42`)
  })

  test("someone else's notification is a 404 and stays unread", async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const admin = await UserFactory.apply('admin').create()
    const notice = await likeNotice(ana, bo)
    for (const intruder of [bo, admin]) {
      const open = await client
        .post(`/notifications/${notice.id}/open`)
        .withCsrfToken()
        .withInertia()
        .loginAs(intruder)
      open.assertStatus(404)
      open.assertInertiaComponent('Errors/NotFound')
      const read = await client
        .post(`/notifications/${notice.id}/read`)
        .headers(json)
        .withCsrfToken()
        .loginAs(intruder)
      read.assertStatus(404)
    }
    const [row] = await notificationsOf(ana)
    assert.isNull(row.read_at)
  })

  test('bad ids: not numeric or unknown → 404, nothing written', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const before = await tableSnapshot()
    for (const id of ['abc', '0', '99999999', '1e3']) {
      const response = await client
        .post(`/notifications/${id}/read`)
        .headers(json)
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(404)
    }
    assert.deepEqual(changedTables(before, await tableSnapshot()), [])
  })

  test('guests cannot mark anything read', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const notice = await likeNotice(ana, bo)
    const one = await client.post(`/notifications/${notice.id}/read`).withCsrfToken().redirects(0)
    one.assertHeader('location', '/login')
    const all = await client.post('/notifications/read-all').withCsrfToken().redirects(0)
    all.assertHeader('location', '/login')
    const [row] = await notificationsOf(ana)
    assert.isNull(row.read_at)
  })

  test('marking one read (JSON) answers the new unread count', async ({ client, assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    const first = await likeNotice(ana, bo)
    await likeNotice(ana, cy)
    const response = await client
      .post(`/notifications/${first.id}/read`)
      .headers(json)
      .withCsrfToken()
      .loginAs(ana)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { unreadCount: 1 })
    // Again: still read, nothing pushed twice.
    await client.post(`/notifications/${first.id}/read`).headers(json).withCsrfToken().loginAs(ana)
    assert.lengthOf(live.on(userChannel(ana), 'NotificationsRead'), 1)
  })

  test('mark all read: only mine; a form goes back with a success message', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await likeNotice(ana, bo)
    await likeNotice(ana, await UserFactory.create())
    await likeNotice(bo, ana)
    const response = await client
      .post('/notifications/read-all')
      .withCsrfToken()
      .header('referer', '/notifications')
      .loginAs(ana)
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('success', 'All notifications are marked as read.')
    const mine = await notificationsOf(ana)
    const theirs = await notificationsOf(bo)
    assert.isTrue(mine.every((row) => row.read_at !== null))
    assert.isTrue(theirs.every((row) => row.read_at === null))
    const pushed = live.on(userChannel(ana), 'NotificationsRead')
    assert.deepEqual(pushed[0].data, { ids: [], all: true, unreadCount: 0 })
  })

  test('the stored count follows reads and blocks', async ({ client, assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    const stored = async () => {
      const row = await db
        .from('users')
        .where('id', ana.id)
        .select('unread_notifications_count')
        .first()
      return Number(row.unread_notifications_count)
    }
    const first = await likeNotice(ana, bo)
    await likeNotice(ana, cy)
    assert.equal(await stored(), 2)
    await client.post(`/notifications/${first.id}/read`).headers(json).withCsrfToken().loginAs(ana)
    assert.equal(await stored(), 1)
    const another = await PostFactory.merge({ authorId: ana.id }).create()
    await likeNotice(ana, bo, another.id)
    assert.equal(await stored(), 2)
    await new BlockPerson().handle(ana, bo)
    assert.equal(await stored(), 1)
    const latest = await client.get('/notifications/latest').headers(json).loginAs(ana)
    assert.equal(latest.body().unreadCount, 1)
    await new UnblockPerson().handle(ana, bo)
    assert.equal(await stored(), 2)
  })

  test('the unread count is a shared page prop', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await likeNotice(ana, bo)
    const response = await client.get('/notifications').withInertia().loginAs(ana)
    assert.equal((response.inertiaProps as any).unreadNotifications, 1)
  })
})
