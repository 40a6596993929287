import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { expectStatus, send } from '#tests/functional/messages/_support'
import {
  notificationsOf,
  recordBroadcasts,
  userChannel,
} from '#tests/functional/notifications/_support'

/**
 * A "new message" notification is read once its conversation is (issue 15):
 * reading the conversation to its end marks it read, the bell's count
 * drops, and the reader's tabs are told live (NotificationsRead).
 */
async function unreadBell(user: User) {
  const row = await db
    .from('users')
    .where('id', user.id)
    .select('unread_notifications_count')
    .first()
  return Number(row?.unread_notifications_count)
}

function readConversation(client: any, user: User, username: string, upTo?: number) {
  return client
    .post(`/messages/${username}/read`)
    .withCsrfToken()
    .loginAs(user)
    .accept('json')
    .form(upTo === undefined ? {} : { upTo: String(upTo) })
}

test.group('Notifications / a read conversation reads its notification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  const live = recordBroadcasts(group)

  test('reading the conversation marks message_received read, live, with the new count', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await expectStatus(send(client, bo, ana.username, 'Hello Ana'), 201)
    await expectStatus(send(client, bo, ana.username, 'Are you there?'), 201)
    const [notice] = await notificationsOf(ana)
    assert.equal(notice.kind, 'message_received')
    assert.isNull(notice.read_at)
    assert.equal(await unreadBell(ana), 1)

    await expectStatus(readConversation(client, ana, bo.username), 200)

    const [after] = await notificationsOf(ana)
    assert.isNotNull(after.read_at)
    assert.equal(await unreadBell(ana), 0)
    const pushed = live.on(userChannel(ana), 'NotificationsRead')
    assert.lengthOf(pushed, 1)
    assert.deepEqual(pushed[0].data, { ids: [notice.id], all: false, unreadCount: 0 })
  })

  test('reading only part of it leaves the notification unread', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const first = await expectStatus(send(client, bo, ana.username, 'One'), 201)
    await expectStatus(send(client, bo, ana.username, 'Two'), 201)
    const firstId = Number(first.body().message.id)

    await expectStatus(readConversation(client, ana, bo.username, firstId), 200)
    const [notice] = await notificationsOf(ana)
    assert.isNull(notice.read_at)
    assert.equal(await unreadBell(ana), 1)
    assert.lengthOf(live.on(userChannel(ana), 'NotificationsRead'), 0)
  })

  test('only that conversation and only the reader: other notifications stay unread', async ({
    client,
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await expectStatus(send(client, bo, ana.username, 'From Bo'), 201)
    await expectStatus(send(client, cy, ana.username, 'From Cy'), 201)
    await expectStatus(send(client, ana, bo.username, 'Reply to Bo'), 201)

    await expectStatus(readConversation(client, ana, bo.username), 200)

    const rows = await notificationsOf(ana)
    const byActor = new Map(rows.map((row) => [Number(row.actor_id), row]))
    assert.isNotNull(byActor.get(bo.id)!.read_at)
    assert.isNull(byActor.get(cy.id)!.read_at)
    assert.equal(await unreadBell(ana), 1)
    // Bo's own notice about Ana's reply is untouched by Ana's reading.
    const [boNotice] = await notificationsOf(bo)
    assert.isNull(boNotice.read_at)
  })

  test('a stranger cannot read it for them', async ({ client, assert }) => {
    const [ana, bo, eve] = await UserFactory.createMany(3)
    await expectStatus(send(client, bo, ana.username, 'Hello'), 201)
    await expectStatus(readConversation(client, eve, bo.username), 200)
    const [notice] = await notificationsOf(ana)
    assert.isNull(notice.read_at)
  })
})
