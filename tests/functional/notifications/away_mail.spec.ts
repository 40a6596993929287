import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import CreateComment from '#actions/engagement/create_comment'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import Notify from '#actions/notifications/notify'
import { sendAwaySummaries, unsubscribeUrl } from '#services/away_summaries'
import { saveSettingsRow } from '#services/notification_preferences'
import AwaySummaryMail from '#mails/away_summary_mail'
import { recordBroadcasts } from '#tests/functional/notifications/_support'
import { dbNow, dbTime } from '#services/db/db_time'
import { PostFactory } from '#database/factories/post_factory'

/**
 * E-mail when away (issue 15 §3): mentions, messages and comments on one's
 * posts, in ONE summary mail per person, only after they have been away
 * (default 1 h), never about what they saw, never twice; the §4 e-mail
 * column and quiet hours; every mail with a one-click unsubscribe (signed,
 * List-Unsubscribe + List-Unsubscribe-Post) that works signed out.
 */
type Sent = { to: { address: string }[]; subject: string; html: string; text: string; headers: any }

async function awayFor(user: User, minutes: number) {
  await db
    .from('users')
    .where('id', user.id)
    .update({ last_login_at: dbTime(DateTime.now().minus({ minutes })) })
}

async function messageFrom(sender: User, recipient: User, unread = 1) {
  const [row] = await db
    .table('conversations')
    .insert({
      user_low_id: Math.min(sender.id, recipient.id),
      user_high_id: Math.max(sender.id, recipient.id),
      created_at: dbNow(),
    })
    .returning('id')
  const conversationId = Number(typeof row === 'object' ? row.id : row)
  await db.table('conversation_participants').insert({
    conversation_id: conversationId,
    user_id: recipient.id,
    other_user_id: sender.id,
    unread_count: unread,
  })
  await new Notify().handle({
    recipientId: recipient.id,
    kind: 'message_received',
    actorId: sender.id,
    target: { type: 'conversation', id: conversationId },
  })
  return conversationId
}

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

test.group('E-mail when away / summaries', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  recordBroadcasts(group)
  let sent: ReturnType<typeof mail.fake>['mails']
  group.each.setup(() => {
    sent = mail.fake().mails
    return () => mail.restore()
  })

  async function summaries(): Promise<{ mail: AwaySummaryMail; message: Sent }[]> {
    const found = sent.queued((message) => message instanceof AwaySummaryMail) as AwaySummaryMail[]
    return found.map((item) => ({ mail: item, message: item.message.toJSON().message as any }))
  }

  test('one mail per person with every comment, mention and message; never twice', async ({
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({
      authorId: ana.id,
      bodyHtml: '<p>Quarterly plan</p>',
      bodyText: 'Quarterly plan',
    }).create()
    await new CreateComment().handle(bo, post, 'Looks good')
    const other = await PostFactory.merge({ authorId: ana.id }).create()
    await new CreateComment().handle(cy, other, 'Agreed')
    await new Notify().handle({
      recipientId: ana.id,
      kind: 'post_mentioned',
      actorId: cy.id,
      target: { type: 'post', id: post.id },
    })
    await messageFrom(bo, ana)
    // A like is not mailed (in the app only by default).
    await new TogglePostLike().handle(bo, post, true)
    await awayFor(ana, 90)

    const run = await sendAwaySummaries()
    assert.deepEqual(run, { mailed: 1, notifications: 4 })
    const [only, ...more] = await summaries()
    assert.lengthOf(more, 0)
    assert.equal(only.message.to[0].address, ana.email)
    assert.equal(only.message.subject, '4 new notifications on Huddle')
    for (const part of [only.message.text, only.message.html]) {
      assert.include(part, `/posts/${post.id}`)
      assert.include(part, `/posts/${other.id}`)
      assert.include(part, `/messages/${bo.username}`)
      assert.include(part, 'commented on your post')
      assert.notInclude(part, 'liked')
    }
    const unmailed = await db
      .from('notifications')
      .where('user_id', ana.id)
      .whereNull('emailed_at')
      .select('kind')
    assert.deepEqual(
      unmailed.map((row) => row.kind),
      ['post_liked']
    )

    // The next run has nothing new: no second mail.
    assert.deepEqual(await sendAwaySummaries(), { mailed: 0, notifications: 0 })
    assert.lengthOf(await summaries(), 1)
  })

  test('not away long enough: nothing; the person’s own delay counts', async ({ assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    await new CreateComment().handle(bo, post, 'Hi')
    await awayFor(ana, 20)
    assert.include(await sendAwaySummaries(), { mailed: 0 })
    // A session touched a minute ago (expires 2 h after activity) is activity too.
    await awayFor(ana, 300)
    await db.table('sessions').insert({
      id: 'away-test-session',
      data: '{}',
      user_id: String(ana.id),
      expires_at: dbTime(DateTime.now().plus({ minutes: 119 })),
    })
    assert.include(await sendAwaySummaries(), { mailed: 0 })
    await db.from('sessions').where('id', 'away-test-session').delete()
    await awayFor(ana, 20)
    await saveSettingsRow(ana.id, { email_after_minutes: 15 })
    assert.include(await sendAwaySummaries(), { mailed: 1 })
  })

  test('already seen: read notifications and read conversations are not mailed', async ({
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    await new CreateComment().handle(bo, post, 'Hi')
    await db.from('notifications').where('user_id', ana.id).update({ read_at: dbNow() })
    await messageFrom(bo, ana, 0) // the conversation was read since
    await awayFor(ana, 120)
    assert.deepEqual(await sendAwaySummaries(), { mailed: 0, notifications: 0 })
    assert.lengthOf(await summaries(), 0)
  })

  test('the e-mail column, unsubscribing and quiet hours are honoured', async ({ assert }) => {
    const [ana, bo, cy, dee] = await UserFactory.createMany(4)
    for (const person of [ana, cy, dee]) {
      const post = await PostFactory.merge({ authorId: person.id }).create()
      await new CreateComment().handle(bo, post, 'Hi')
      await awayFor(person, 120)
    }
    await db.table('notification_preferences').insert({
      user_id: ana.id,
      category: 'comments',
      channel: 'email',
      enabled: false,
    })
    await saveSettingsRow(cy.id, { email_unsubscribed: true })
    // Quiet all day long but a minute (start ≠ end).
    const now = DateTime.now().setZone('Asia/Tokyo')
    const minute = now.hour * 60 + now.minute
    await saveSettingsRow(dee.id, {
      time_zone: 'Asia/Tokyo',
      quiet_start: (minute + 1439 - 5) % 1440,
      quiet_end: (minute + 5) % 1440,
    })
    assert.deepEqual(await sendAwaySummaries(), { mailed: 0, notifications: 0 })
    // After quiet hours, Dee's summary goes.
    const after = DateTime.now().plus({ minutes: 10 })
    assert.deepEqual(await sendAwaySummaries(after), { mailed: 1, notifications: 1 })
    const [summary] = await summaries()
    assert.equal(summary.message.to[0].address, dee.email)
  })

  test('every mail: plain text and HTML, one-click unsubscribe headers with the signed link', async ({
    assert,
  }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    await new CreateComment().handle(bo, post, 'Hi')
    await awayFor(ana, 120)
    await sendAwaySummaries()
    const [{ message }] = await summaries()
    assert.isString(message.text)
    assert.isString(message.html)
    const headers = message.headers as Record<string, string>
    assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe'])![1]
    assert.match(link, new RegExp(`/email/unsubscribe/${ana.id}\\?signature=`))
    assert.include(message.text, link)
    assert.include(message.html, link.replace(/&/g, '&amp;'))
  })
})

test.group('E-mail when away / unsubscribe without signing in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function unsubscribed(user: User) {
    const row = await db.from('notification_settings').where('user_id', user.id).first()
    return Boolean(row?.email_unsubscribed)
  }

  test('GET shows a confirmation and changes nothing', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const response = await client.get(pathOf(unsubscribeUrl(ana.id))).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Unsubscribe')
    assert.equal((response.inertiaProps as any).state, 'confirm')
    assert.isFalse(await unsubscribed(ana))
  })

  test('the one-click POST (no session, no CSRF token) unsubscribes', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const response = await client
      .post(pathOf(unsubscribeUrl(ana.id)))
      .form({ 'List-Unsubscribe': 'One-Click' })
    response.assertStatus(200)
    assert.isTrue(await unsubscribed(ana))
    const page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    assert.isFalse((page.inertiaProps as any).settings.emailEnabled)
  })

  test('a tampered or borrowed link is refused and changes nothing', async ({ client, assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    const good = new URL(unsubscribeUrl(ana.id))
    const tampered = `${good.pathname}?signature=${good.searchParams.get('signature')}x`
    const borrowed = `/email/unsubscribe/${bo.id}${good.search}`
    for (const path of [tampered, borrowed, `/email/unsubscribe/${ana.id}`]) {
      const post = await client.post(path).form({ 'List-Unsubscribe': 'One-Click' })
      post.assertStatus(403)
      const get = await client.get(path).withInertia()
      get.assertStatus(403)
      assert.equal((get.inertiaProps as any).state, 'invalid')
    }
    assert.isFalse(await unsubscribed(ana))
    assert.isFalse(await unsubscribed(bo))
  })
})
