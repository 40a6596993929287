import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { expectStatus, messagesGroup, send } from './_support.js'
import { tokenFor } from '#tests/functional/api/_support'
import { block } from '#tests/functional/posts/_support'

/** `n` messages from `from` to `to`, written straight to the database (fast). */
async function seedHistory(from: User, to: User, n: number) {
  const ids: number[] = []
  const now = DateTime.now()
  const low = Math.min(from.id, to.id)
  const high = Math.max(from.id, to.id)
  const format = db.connection().dialect.dateTimeFormat
  const [row] = await db
    .table('conversations')
    .insert({ user_low_id: low, user_high_id: high, created_at: now.toFormat(format) })
    .returning('id')
  const conversationId = Number(typeof row === 'object' ? row.id : row)
  await db.table('conversation_participants').insert([
    { conversation_id: conversationId, user_id: from.id, other_user_id: to.id },
    { conversation_id: conversationId, user_id: to.id, other_user_id: from.id },
  ])
  for (let i = 1; i <= n; i++) {
    const [message] = await db
      .table('messages')
      .insert({
        conversation_id: conversationId,
        sender_id: from.id,
        body: `message ${i}`,
        created_at: now.minus({ minutes: n - i }).toFormat(format),
      })
      .returning('id')
    ids.push(Number(typeof message === 'object' ? message.id : message))
  }
  const at = now.toFormat(format)
  await db
    .from('conversations')
    .where('id', conversationId)
    .update({ last_message_id: ids.at(-1), last_message_at: at })
  await db
    .from('conversation_participants')
    .where('conversation_id', conversationId)
    .update({ last_message_id: ids.at(-1) })
  await db
    .from('conversation_participants')
    .where('conversation_id', conversationId)
    .where('user_id', to.id)
    .update({ unread_count: n })
  await db.from('users').where('id', to.id).increment('unread_messages_count', n)
  return { conversationId, ids }
}

test.group('Messages / list and history', (group) => {
  const published = messagesGroup(group)

  test('the list is sorted by last activity with previews, from either side', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.merge({ fullName: 'Ben Brooks' }).create()
    const cara = await UserFactory.merge({ fullName: 'Cara Chen' }).create()
    await send(client, ben, ana.username, 'From Ben')
    await send(client, ana, cara.username, 'To Cara')
    const list = await client.get('/messages').loginAs(ana).withInertia()
    list.assertInertiaComponent('Messages/Index')
    const items = list.inertiaProps.conversations
    assert.deepEqual(
      items.map((c: any) => [c.other.fullName, c.preview, c.unreadCount]),
      [
        ['Cara Chen', { fromMe: true, text: 'To Cara' }, 0],
        ['Ben Brooks', { fromMe: false, text: 'From Ben' }, 1],
      ]
    )
    assert.sameMembers(Object.keys(items[0].other), [
      'id',
      'username',
      'fullName',
      'initials',
      'avatarUrl',
    ])

    await send(client, ben, ana.username, 'Ben again')
    const again = await client.get('/messages').loginAs(ana).withInertia()
    assert.equal(again.inertiaProps.conversations[0].other.fullName, 'Ben Brooks')
    assert.equal(again.inertiaProps.conversations[0].unreadCount, 2)
  })

  test('the list costs the same queries for 2 conversations as for 12', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const people = await UserFactory.createMany(12)
    // Fresh settings and team panel caches (time-based TTLs), warmed by one
    // request, so neither expires during the measured request.
    const measure = async () => {
      clearSettingsCache()
      forgetTeamPanel()
      await client.get('/messages').loginAs(ana).withInertia()
      return countQueries(() => client.get('/messages').loginAs(ana).withInertia())
    }
    for (const person of people.slice(0, 2)) await send(client, person, ana.username, 'hi')
    const few = await measure()
    for (const person of people.slice(2)) await send(client, person, ana.username, 'hi')
    const many = await measure()
    assert.lengthOf(many.result.inertiaProps.conversations, 12)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    // The signed-in user, the conversations (participant index + other person), their last messages.
    assert.equal(many.count, 3, many.statements.join('\n'))
  })

  test('history: the newest page first, older pages by keyset, nothing twice', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const { ids } = await seedHistory(ana, ben, 65)
    const page = await client.get(`/messages/${ana.username}`).loginAs(ben).withInertia()
    page.assertInertiaComponent('Messages/Show')
    const first = page.inertiaProps
    assert.lengthOf(first.messages, 30)
    assert.deepEqual(
      first.messages.map((m: any) => m.id),
      ids.slice(35)
    )
    assert.isTrue(first.hasMore)
    assert.equal(first.nextBefore, ids[35])
    assert.notProperty(first, 'email')
    assert.equal(first.other.username, ana.username)

    const second = await client
      .get(`/messages/${ana.username}/history`)
      .qs({ before: first.nextBefore })
      .loginAs(ben)
      .accept('json')
    second.assertStatus(200)
    assert.deepEqual(
      second.body().messages.map((m: any) => m.id),
      ids.slice(5, 35)
    )
    const third = await client
      .get(`/messages/${ana.username}/history`)
      .qs({ before: second.body().nextBefore })
      .loginAs(ben)
      .accept('json')
    assert.deepEqual(
      third.body().messages.map((m: any) => m.id),
      ids.slice(0, 5)
    )
    assert.isFalse(third.body().hasMore)
    assert.equal(third.body().otherLastReadId, 0, 'ana has not read anything of ben’s')
    assert.isNull(third.body().nextBefore)
    // Opening the page read nothing (the page reads with a POST once shown).
    assert.equal(page.inertiaProps.unreadMessages, 65)
  })

  test('a bad cursor is a 422 with a message', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    for (const before of ['abc', '-1', '1.5']) {
      const response = await client
        .get(`/messages/${ben.username}/history`)
        .qs({ before })
        .loginAs(ana)
        .accept('json')
      response.assertStatus(422)
      assert.isString(response.body().errors[0].message)
    }
  })

  test('typing: broadcast to the other person only, at most every 2 seconds', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const typing = () =>
      client.post(`/messages/${ben.username}/typing`).withCsrfToken().loginAs(ana).accept('json')
    await expectStatus(typing(), 204)
    await expectStatus(typing(), 204)
    assert.deepEqual(
      published.map((p) => [p.channels, p.event, p.data]),
      [
        [
          [`private-App.Models.User.${ben.id}`],
          'App\\Events\\UserTyping',
          { user: { id: ana.id, fullName: ana.fullName, username: ana.username } },
        ],
      ]
    )
  })

  test('typing through the API (a token): the same event and throttle; refused across a block', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const { secret } = await tokenFor(ana, ['write'])
    const typing = (to: User) =>
      client.post(`/api/v1/conversations/${to.username}/typing`).bearerToken(secret)
    await expectStatus(typing(ben), 204)
    await expectStatus(typing(ben), 204)
    assert.deepEqual(
      published.map((p) => [p.channels, p.event, p.data]),
      [
        [
          [`private-App.Models.User.${ben.id}`],
          'App\\Events\\UserTyping',
          { user: { id: ana.id, fullName: ana.fullName, username: ana.username } },
        ],
      ]
    )
    // Sending through the API starts the 2 seconds afresh, as on the web.
    await expectStatus(
      client
        .post(`/api/v1/conversations/${ben.username}/messages`)
        .bearerToken(secret)
        .json({ body: 'Hello' }),
      201
    )
    await expectStatus(typing(ben), 204)
    assert.lengthOf(
      published.filter((p) => p.event === 'App\\Events\\UserTyping'),
      2
    )

    const cal = await UserFactory.create()
    await block(cal, ana)
    const refused = await typing(cal)
    refused.assertStatus(403)
    assert.lengthOf(
      published.filter((p) => p.channels.includes(`private-App.Models.User.${cal.id}`)),
      0
    )
  })

  test('typing right after sending a message reaches the other person again', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const typing = () =>
      client.post(`/messages/${ben.username}/typing`).withCsrfToken().loginAs(ana).accept('json')
    await expectStatus(typing(), 204)
    await expectStatus(send(client, ana, ben.username, 'Hello'), 201)
    await expectStatus(typing(), 204)
    const typingEvents = published.filter((p) => p.event === 'App\\Events\\UserTyping')
    assert.lengthOf(typingEvents, 2)
  })
})
