import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import PostAnnounced from '#events/post_announced'
import type MessageSent from '#events/message_sent'
import Notify from '#listeners/notify'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import CreateComment from '#actions/engagement/create_comment'
import NotifyMany from '#actions/notifications/notify_many'
import { eligibleRecipients } from '#services/notifications/recipients'
import { pushSubscriptionsFor } from '#services/notifications/push'
import { NOTIFICATION_KINDS } from '#enums/notification_kinds'
import {
  CATEGORIES,
  KIND_CATEGORY,
  inQuietHours,
  saveSettingsRow,
} from '#services/notification_preferences'
import { clearSettingsCache, getSettings, saveSettings } from '#services/settings'
import { block, comment } from '#tests/functional/feeds/fixtures'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { kindsOf, recordBroadcasts } from '#tests/functional/notifications/_support'
import { dbNow } from '#services/db/db_time'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Notification settings (issue 15 §4): the settings page and the mute
 * routes × actors and bad input; the fan-out honours each recipient's grid
 * and mutes in one query; push honours the push column and quiet hours
 * (in the person's time zone, across midnight).
 */
async function prefer(user: User, category: string, channel: string, enabled: boolean) {
  await db
    .table('notification_preferences')
    .insert({ user_id: user.id, category, channel, enabled })
}

async function mute(user: User, targetType: 'post' | 'conversation', targetId: number) {
  await db.table('notification_mutes').insert({
    user_id: user.id,
    target_type: targetType,
    target_id: targetId,
    created_at: dbNow(),
  })
}

async function conversationBetween(a: User, b: User) {
  const [row] = await db
    .table('conversations')
    .insert({
      user_low_id: Math.min(a.id, b.id),
      user_high_id: Math.max(a.id, b.id),
      created_at: dbNow(),
    })
    .returning('id')
  return Number(typeof row === 'object' ? row.id : row)
}

/** A message's notification, as the MessageSent event's Notify listener raises it. */
const notifyMessage = (data: Pick<MessageSent, 'conversationId' | 'senderId' | 'recipientId'>) =>
  new Notify().messageSent(data as MessageSent)

test.group('Notification settings / page and form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to sign in (page and form)', async ({ client }) => {
    const page = await client.get('/profile/notifications').redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/login')
    const form = await client.put('/profile/notifications').withCsrfToken().redirects(0)
    form.assertStatus(302)
    form.assertHeader('location', '/login')
  })

  test('the page shows every kind in a category, calm defaults: likes in the app only', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const response = await client.get('/profile/notifications').loginAs(ana).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Notifications')
    const { settings } = response.inertiaProps as any
    const listed = settings.categories.flatMap((category: any) => category.kinds)
    assert.sameMembers(listed, [...NOTIFICATION_KINDS])
    const likes = settings.categories.find((category: any) => category.id === 'likes')
    assert.deepEqual(
      likes.cells.map((cell: any) => [cell.channel, cell.enabled]),
      [
        ['in_app', true],
        ['push', false],
        ['email', false],
      ]
    )
    assert.isNull(settings.quietHours.start)
    assert.equal(settings.emailAfterMinutes, 60)
    assert.isTrue(settings.emailEnabled)
    assert.deepEqual(settings.mutes, [])
  })

  test('saving stores only what differs from the defaults, for oneself only', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await prefer(bo, 'likes', 'push', true)
    const response = await client
      .put('/profile/notifications')
      .json({
        grid: {
          likes: { in_app: true, push: true, email: true },
          comments: { in_app: true, push: false, email: true },
          account: { in_app: false },
        },
        quietStart: '22:00',
        quietEnd: '07:00',
        timeZone: 'Europe/Lisbon',
        emailAfterMinutes: 180,
        emailEnabled: true,
      })
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/profile/notifications')
    const rows = await db
      .from('notification_preferences')
      .where('user_id', ana.id)
      .orderBy(['category', 'channel'])
      .select('category', 'channel', 'enabled')
    // likes.email is not available, account.in_app is locked: neither stored.
    assert.deepEqual(
      rows.map((row) => [row.category, row.channel, Boolean(row.enabled)]),
      [
        ['comments', 'push', false],
        ['likes', 'push', true],
      ]
    )
    const settings = await db.from('notification_settings').where('user_id', ana.id).first()
    assert.equal(Number(settings.quiet_start), 22 * 60)
    assert.equal(Number(settings.quiet_end), 7 * 60)
    assert.equal(settings.time_zone, 'Europe/Lisbon')
    assert.equal(Number(settings.email_after_minutes), 180)
    // Bo's own override is untouched.
    assert.lengthOf(await db.from('notification_preferences').where('user_id', bo.id), 1)

    const page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    const { settings: shown } = page.inertiaProps as any
    assert.deepEqual(shown.quietHours, { start: '22:00', end: '07:00' })
    assert.equal(shown.timeZone, 'Europe/Lisbon')
  })

  test('bad input: 422 with a clear message, nothing stored', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const cases: [Record<string, unknown>, string][] = [
      [{ quietStart: '25:00', quietEnd: '07:00' }, 'quietStart'],
      [{ quietStart: '22:00', quietEnd: null }, 'quietEnd'],
      [{ quietStart: '08:00', quietEnd: '08:00' }, 'quietEnd'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ emailAfterMinutes: 7 }, 'emailAfterMinutes'],
      [{ grid: { likes: { push: 'loud' } } }, 'grid.likes.push'],
    ]
    for (const [body, field] of cases) {
      const response = await client
        .put('/profile/notifications')
        .accept('json')
        .json(body)
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(422)
      const errors = response.body().errors as { field: string; message: string }[]
      assert.include(
        errors.map((error) => error.field),
        field,
        JSON.stringify(body)
      )
      assert.isTrue(errors.every((error) => error.message.length > 0))
    }
    assert.lengthOf(await db.from('notification_preferences').where('user_id', ana.id), 0)
    assert.lengthOf(await db.from('notification_settings').where('user_id', ana.id), 0)
  })

  test('a setting put back to its default loses its row', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    await prefer(ana, 'likes', 'push', true)
    const response = await client
      .put('/profile/notifications')
      .json({ grid: { likes: { in_app: true, push: false } } })
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    response.assertStatus(302)
    assert.lengthOf(await db.from('notification_preferences').where('user_id', ana.id), 0)
  })
})

test.group('Notification settings / mute a post or a conversation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to sign in', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const response = await client
      .put(`/posts/${post.id}/mute`)
      .json({ muted: true })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.lengthOf(await db.from('notification_mutes'), 0)
  })

  test('mute and unmute a post one can see; listed on the settings page', async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: bo.id,
      bodyHtml: '<p>Lunch at noon</p>',
      bodyText: 'Lunch at noon',
    }).create()
    const muted = await client
      .put(`/posts/${post.id}/mute`)
      .accept('json')
      .json({ muted: true })
      .withCsrfToken()
      .loginAs(ana)
    muted.assertStatus(200)
    assert.isTrue(muted.body().muted)
    // Twice is fine (idempotent).
    const again = await client
      .put(`/posts/${post.id}/mute`)
      .accept('json')
      .json({ muted: true })
      .withCsrfToken()
      .loginAs(ana)
    again.assertStatus(200)
    const page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    const { mutes } = (page.inertiaProps as any).settings
    assert.lengthOf(mutes, 1)
    assert.include(mutes[0], { targetType: 'post', targetId: post.id, url: `/posts/${post.id}` })
    assert.include(mutes[0].label, 'Lunch at noon')

    const unmuted = await client
      .put(`/posts/${post.id}/mute`)
      .json({ muted: false })
      .withCsrfToken()
      .loginAs(ana)
      .redirects(0)
    unmuted.assertStatus(302)
    assert.lengthOf(await db.from('notification_mutes'), 0)
  })

  test("the cards carry the viewer's mute: feed, post page, one query for the page", async ({
    client,
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const quiet = await PostFactory.merge({
      authorId: bo.id,
      bodyHtml: '<p>Muted one</p>',
      bodyText: 'Muted one',
    }).create()
    const loud = await PostFactory.merge({
      authorId: bo.id,
      bodyHtml: '<p>Not muted</p>',
      bodyText: 'Not muted',
    }).create()
    await mute(ana, 'post', quiet.id)
    // Bo's own mute of another post must not show on Ana's cards.
    await mute(bo, 'post', loud.id)

    const { result: feed, statements } = await countQueries(() =>
      client.get('/').loginAs(ana).withInertia()
    )
    const cards = (feed.inertiaProps as any).posts.data as { id: number; muted: boolean }[]
    const mutedById = Object.fromEntries(cards.map((card) => [card.id, card.muted]))
    assert.deepEqual(mutedById, { [quiet.id]: true, [loud.id]: false })
    // The flag rides on the card query itself (no query per post, none extra).
    assert.lengthOf(
      statements.filter((sql) => sql.includes('notification_mutes')),
      1,
      statements.join('\n')
    )

    const page = await client.get(`/posts/${quiet.id}`).loginAs(ana).withInertia()
    assert.isTrue((page.inertiaProps as any).post.muted)
    const other = await client.get(`/posts/${loud.id}`).loginAs(ana).withInertia()
    assert.isFalse((other.inertiaProps as any).post.muted)
    const bosView = await client.get(`/posts/${loud.id}`).loginAs(bo).withInertia()
    assert.isTrue((bosView.inertiaProps as any).post.muted)
  })

  test("a post one cannot see (another's draft, blocked author, unknown) is a 404", async ({
    client,
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    const pending = await PostFactory.merge({ authorId: bo.id }).apply('pending').create()
    const blocked = await PostFactory.merge({ authorId: cy.id }).create()
    await block(cy, ana)
    for (const id of [pending.id, blocked.id, 999999]) {
      const response = await client
        .put(`/posts/${id}/mute`)
        .accept('json')
        .json({ muted: true })
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(404)
    }
    assert.lengthOf(await db.from('notification_mutes'), 0)
  })

  test('bad input: muted must be a boolean', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const response = await client
      .put(`/posts/${post.id}/mute`)
      .accept('json')
      .json({ muted: 'perhaps' })
      .withCsrfToken()
      .loginAs(ana)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'muted')
  })

  test('mute a conversation one is in; anyone else’s is a 404', async ({ client, assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await conversationBetween(ana, bo)
    const ok = await client
      .put(`/messages/${bo.username}/mute`)
      .accept('json')
      .json({ muted: true })
      .withCsrfToken()
      .loginAs(ana)
    ok.assertStatus(200)
    // No conversation between Ana and Cy; an unknown name.
    for (const username of [cy.username, 'nobody-here']) {
      const response = await client
        .put(`/messages/${username}/mute`)
        .accept('json')
        .json({ muted: true })
        .withCsrfToken()
        .loginAs(ana)
      response.assertStatus(404)
    }
    const rows = await db.from('notification_mutes')
    assert.lengthOf(rows, 1)
    assert.include(rows[0], { user_id: ana.id, target_type: 'conversation' })
    const page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    const [listed] = (page.inertiaProps as any).settings.mutes
    assert.include(listed, { targetType: 'conversation', url: `/messages/${bo.username}` })
  })
})

test.group('Notification settings / the fan-out honours them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => clearSettingsCache())
  recordBroadcasts(group)

  test('every kind has a category with defaults (likes: in the app only)', ({ assert }) => {
    for (const kind of NOTIFICATION_KINDS) assert.property(CATEGORIES, KIND_CATEGORY[kind])
    assert.deepEqual(CATEGORIES.likes.defaults, { in_app: true, push: false, email: false })
  })

  test('a kind turned off in the app is not stored; others still are', async ({ assert }) => {
    const [author, fan] = await UserFactory.createMany(2)
    await prefer(author, 'likes', 'in_app', false)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await new TogglePostLike().handle(fan, post, true)
    assert.deepEqual(await kindsOf(author), [])
    await new CreateComment().handle(fan, post, 'Hello')
    assert.deepEqual(await kindsOf(author), ['post_commented'])
  })

  test('a muted post: no likes, comments or comment likes about it', async ({ assert }) => {
    const [author, fan] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const other = await PostFactory.merge({ authorId: author.id }).create()
    const mine = await comment(author, post, 'My own comment')
    await mute(author, 'post', post.id)
    await new TogglePostLike().handle(fan, post, true)
    await new ToggleCommentLike().handle(fan, mine, true)
    await new CreateComment().handle(fan, post, 'Hello')
    assert.deepEqual(await kindsOf(author), [])
    await new TogglePostLike().handle(fan, other, true)
    assert.deepEqual(await kindsOf(author), ['post_liked'])
  })

  test('a muted conversation: no message notifications from it', async ({ assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const muted = await conversationBetween(ana, bo)
    await mute(ana, 'conversation', muted)
    await notifyMessage({
      conversationId: muted,
      senderId: bo.id,
      recipientId: ana.id,
    })
    assert.deepEqual(await kindsOf(ana), [])
    await notifyMessage({
      conversationId: muted + 1000,
      senderId: bo.id,
      recipientId: ana.id,
    })
    assert.deepEqual(await kindsOf(ana), ['message_received'])
  })

  test('announcements: off or muted per person, unless the team made them unmutable', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await prefer(ana, 'announcements', 'in_app', false)
    const first = await PostFactory.merge({ authorId: admin.id }).apply('team').create()
    await mute(bo, 'post', first.id)
    await PostAnnounced.dispatch({ postId: first.id, authorId: admin.id })
    assert.deepEqual(await kindsOf(ana), [])
    assert.deepEqual(await kindsOf(bo), [])
    assert.deepEqual(await kindsOf(cy), ['announcement'])

    await saveSettings({ announcementsUnmutable: true })
    const second = await PostFactory.merge({ authorId: admin.id }).apply('team').create()
    await mute(bo, 'post', second.id)
    await PostAnnounced.dispatch({ postId: second.id, authorId: admin.id })
    assert.deepEqual(await kindsOf(ana), ['announcement'])
    assert.deepEqual(await kindsOf(bo), ['announcement'])
  })

  test('the fan-out reads every recipient’s settings in the same queries (3 or 30)', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const few = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: admin.id }).apply('team').create()
    await prefer(few[0], 'announcements', 'in_app', false)
    const run = (ids: number[]) =>
      countQueries(() =>
        new NotifyMany().handle(
          (client) => eligibleRecipients(admin.id, client).whereIn('users.id', ids),
          {
            kind: 'announcement',
            actorId: admin.id,
            target: { type: 'post', id: post.id },
          }
        )
      )
    await getSettings() // the settings cache, warm for both runs
    await run([few[1].id]) // and whatever the first run per connection caches
    const small = await run(few.map((user) => user.id))
    assert.equal(small.result, 2)
    const many = await UserFactory.createMany(30)
    for (const user of many.slice(0, 10)) await prefer(user, 'announcements', 'in_app', false)
    for (const user of many.slice(10, 15)) await mute(user, 'post', post.id)
    const large = await run(many.map((user) => user.id))
    assert.equal(large.result, 15)
    assert.equal(large.count, small.count, large.statements.join('\n'))
  })
})

test.group('Notification settings / push and quiet hours', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function subscribe(user: User) {
    await db.table('push_subscriptions').insert({
      user_id: user.id,
      endpoint: `https://push.example.net/${user.id}`,
      p256dh: 'B' + 'A'.repeat(86),
      auth: 'a'.repeat(22),
      device: 'Test',
      created_at: dbNow(),
    })
  }

  test('push follows the push column: likes off by default, comments on', async ({ assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    for (const user of [ana, bo, cy]) await subscribe(user)
    await prefer(bo, 'likes', 'push', true)
    await prefer(cy, 'comments', 'push', false)
    const ids = [ana.id, bo.id, cy.id]
    const likes = await pushSubscriptionsFor(ids, 'post_liked')
    assert.sameMembers(
      likes.map((row) => row.user_id),
      [bo.id]
    )
    const comments = await pushSubscriptionsFor(ids, 'post_commented')
    assert.sameMembers(
      comments.map((row) => row.user_id),
      [ana.id, bo.id]
    )
  })

  test('no push during quiet hours, read in the person’s time zone', async ({ assert }) => {
    const [lisbon, tokyo] = await UserFactory.createMany(2)
    for (const user of [lisbon, tokyo]) await subscribe(user)
    // 22:00 → 07:00 on each person's own clock.
    await saveSettingsRow(lisbon.id, {
      time_zone: 'Europe/Lisbon',
      quiet_start: 22 * 60,
      quiet_end: 7 * 60,
    })
    await saveSettingsRow(tokyo.id, {
      time_zone: 'Asia/Tokyo',
      quiet_start: 22 * 60,
      quiet_end: 7 * 60,
    })
    // 23:30 UTC in winter: 23:30 in Lisbon (quiet), 08:30 in Tokyo (not).
    const at = DateTime.fromISO('2026-01-15T23:30:00Z')
    const pushed = await pushSubscriptionsFor([lisbon.id, tokyo.id], 'post_commented', at)
    assert.deepEqual(
      pushed.map((row) => row.user_id),
      [tokyo.id]
    )
    // 13:30 UTC: 13:30 in Lisbon, 22:30 in Tokyo (quiet).
    const later = await pushSubscriptionsFor(
      [lisbon.id, tokyo.id],
      'post_commented',
      DateTime.fromISO('2026-01-15T13:30:00Z')
    )
    assert.deepEqual(
      later.map((row) => row.user_id),
      [lisbon.id]
    )
  })

  test('quiet hours across midnight, and within a day', ({ assert }) => {
    const night = { timeZone: 'America/New_York', start: 22 * 60, end: 7 * 60 }
    const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' })
    // New York is UTC-5 in January.
    assert.isTrue(inQuietHours(night, utc('2026-01-16T03:00:00'))) // 22:00 local
    assert.isTrue(inQuietHours(night, utc('2026-01-16T05:00:00'))) // 00:00 local
    assert.isTrue(inQuietHours(night, utc('2026-01-16T11:59:00'))) // 06:59 local
    assert.isFalse(inQuietHours(night, utc('2026-01-16T12:00:00'))) // 07:00 local
    assert.isFalse(inQuietHours(night, utc('2026-01-16T02:59:00'))) // 21:59 local
    const lunch = { timeZone: 'UTC', start: 12 * 60, end: 13 * 60 }
    assert.isTrue(inQuietHours(lunch, utc('2026-01-16T12:30:00')))
    assert.isFalse(inQuietHours(lunch, utc('2026-01-16T13:00:00')))
    assert.isFalse(inQuietHours({ timeZone: null, start: null, end: null }))
  })
})
