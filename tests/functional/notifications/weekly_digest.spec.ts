import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { clearSettingsCache, saveSettings } from '#services/settings'
import { saveSettingsRow } from '#services/notification_preferences'
import { digestUnsubscribeUrl, sendWeeklyDigests } from '#services/weekly_digest'
import { unsubscribeUrl } from '#services/away_summaries'
import WeeklyDigestMail from '#mails/weekly_digest_mail'
import { block, makePost } from '#tests/functional/feeds/fixtures'
import { SCHEDULES } from '#start/scheduler'

/**
 * The weekly team digest (issue 15 §3): off by default (an admin turns it
 * on), each person can opt out; the week's most liked and commented posts
 * the person may see (the visibility rule: audience, blocks), plain-text
 * and HTML parts, a one-click unsubscribe from the digest that works
 * signed out; one mail per person per week.
 */
type Sent = { to: { address: string }[]; subject: string; html: string; text: string; headers: any }

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

async function settingsRow(user: User) {
  return db.from('notification_settings').where('user_id', user.id).first()
}

async function digestOff(user: User) {
  const row = await settingsRow(user)
  return Boolean(row?.digest_unsubscribed)
}

/** A post of this week with engagement (counters as the actions would leave them). */
function popular(
  author: User,
  likes: number,
  comments: number,
  options: Parameters<typeof makePost>[1] = {}
) {
  return makePost(author, {
    likesCount: likes,
    commentsCount: comments,
    publishedAt: DateTime.now().minus({ days: 1 }),
    ...options,
  })
}

test.group('Weekly digest / who gets it and what it holds', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearSettingsCache())
  group.each.teardown(() => clearSettingsCache())
  let sent: ReturnType<typeof mail.fake>['mails']
  group.each.setup(() => {
    sent = mail.fake().mails
    return () => mail.restore()
  })

  function digests(): { mail: WeeklyDigestMail; message: Sent }[] {
    const found = sent.queued(
      (message) => message instanceof WeeklyDigestMail
    ) as WeeklyDigestMail[]
    return found.map((item) => ({ mail: item, message: item.message.toJSON().message as any }))
  }
  function digestOf(user: User) {
    return digests().find((item) => item.message.to[0].address === user.email)
  }

  test('off by default: nothing is mailed until an admin turns it on', async ({ assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    await popular(ana, 3, 2)
    assert.deepEqual(await sendWeeklyDigests(), { mailed: 0 })
    assert.lengthOf(digests(), 0)
    await saveSettings({ weeklyDigest: true })
    assert.deepEqual(await sendWeeklyDigests(), { mailed: 2 })
    assert.exists(digestOf(ana))
    assert.exists(digestOf(bo))
  })

  test('who: live verified accounts, not opted out, not unsubscribed from e-mail', async ({
    assert,
  }) => {
    await saveSettings({ weeklyDigest: true })
    const [ana, optedOut, unsubscribed] = await UserFactory.createMany(3)
    const unverified = await UserFactory.apply('unverified').create()
    const inactive = await UserFactory.apply('inactive').create()
    const leaving = await UserFactory.apply('deletionPending').create()
    await saveSettingsRow(optedOut.id, { digest_unsubscribed: true })
    await saveSettingsRow(unsubscribed.id, { email_unsubscribed: true })
    await popular(ana, 2, 1, { audience: 'public' })

    await sendWeeklyDigests()
    assert.deepEqual(
      digests().map((item) => item.message.to[0].address),
      [ana.email]
    )
    for (const user of [optedOut, unsubscribed, unverified, inactive, leaving]) {
      assert.notExists(digestOf(user), user.email)
    }
  })

  test('what: the week’s posts ranked by likes + comments, at most 5, originals with engagement only', async ({
    assert,
  }) => {
    await saveSettings({ weeklyDigest: true })
    const [ana, bo] = await UserFactory.createMany(2)
    const top = await popular(ana, 10, 5, { body: 'The launch is on Friday' })
    const second = await popular(bo, 3, 4, { body: 'Lunch & learn <b>notes</b>' })
    const ties = []
    for (let index = 0; index < 4; index++) ties.push(await popular(bo, 1, 1))
    // Ties: more likes first, then newer; the oldest of the four is the sixth.
    const ranked = [top, second, ...[...ties].reverse()]
    const quiet = await popular(ana, 0, 0, { body: 'Nobody noticed this one' })
    const old = await makePost(ana, {
      likesCount: 50,
      commentsCount: 50,
      publishedAt: DateTime.now().minus({ days: 8 }),
      body: 'Last month news',
    })
    const share = await popular(bo, 40, 40, { sharedPost: top })
    const pending = await popular(ana, 40, 40, { status: 'pending' })
    const deleted = await popular(ana, 40, 40, { deleted: true })

    assert.deepEqual(await sendWeeklyDigests(), { mailed: 2 })
    const digest = digestOf(bo)!
    assert.equal(digest.message.subject, 'This week on Huddle')
    const { text, html } = digest.message
    // Ranked, 5 at most: the sixth is left out.
    const positions = ranked.slice(0, 5).map((post) => text.indexOf(`/posts/${post.id}\n`))
    assert.isTrue(positions.every((position) => position > 0))
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b)
    )
    assert.notInclude(text, `/posts/${ranked[5].id}\n`)
    for (const post of [quiet, old, share, pending, deleted]) {
      assert.notInclude(text, `/posts/${post.id}\n`)
      assert.notInclude(html, `/posts/${post.id}"`)
    }
    assert.include(text, `${ana.fullName}: The launch is on Friday`)
    assert.include(text, '10 likes · 5 comments')
    assert.include(html, 'Lunch &amp; learn &lt;b&gt;notes&lt;/b&gt;')
    assert.include(html, `/posts/${top.id}"`)
  })

  test('visibility: an external never sees team posts; nothing to show, no mail', async ({
    assert,
  }) => {
    await saveSettings({ weeklyDigest: true })
    const ana = await UserFactory.create()
    const guest = await UserFactory.apply('external').create()
    const team = await popular(ana, 9, 9, { audience: 'team' })
    await sendWeeklyDigests()
    assert.notExists(digestOf(guest))
    assert.include(digestOf(ana)!.message.text, `/posts/${team.id}`)

    // A public post this week: now the external gets one, without the team post.
    const open = await popular(ana, 1, 0, { audience: 'public' })
    await db.from('notification_settings').update({ last_digest_at: null })
    await sendWeeklyDigests()
    const theirs = digestOf(guest)!
    assert.include(theirs.message.text, `/posts/${open.id}`)
    assert.notInclude(theirs.message.text, `/posts/${team.id}`)
  })

  test('never about blocked people, whoever blocked whom', async ({ assert }) => {
    await saveSettings({ weeklyDigest: true })
    const [ana, bo, cy, dee] = await UserFactory.createMany(4)
    const byAna = await popular(ana, 5, 5)
    const byBo = await popular(bo, 4, 4)
    const byDee = await popular(dee, 1, 0)
    await block(cy, ana)
    await block(bo, cy)
    await sendWeeklyDigests()
    const cys = digestOf(cy)!.message
    for (const part of [cys.text, cys.html]) {
      assert.include(part, `/posts/${byDee.id}`)
      assert.notInclude(part, `/posts/${byAna.id}`)
      assert.notInclude(part, `/posts/${byBo.id}`)
      assert.notInclude(part, ana.fullName)
      assert.notInclude(part, bo.fullName)
    }
    const anas = digestOf(ana)!.message.text
    assert.include(anas, `/posts/${byAna.id}`)
    assert.include(anas, `/posts/${byBo.id}`)
  })

  test('once a week: a second run mails nobody; a week later it goes again', async ({ assert }) => {
    await saveSettings({ weeklyDigest: true })
    const ana = await UserFactory.create()
    await popular(ana, 2, 2)
    assert.deepEqual(await sendWeeklyDigests(), { mailed: 1 })
    assert.deepEqual(await sendWeeklyDigests(), { mailed: 0 })
    assert.deepEqual(await sendWeeklyDigests(DateTime.now().plus({ hours: 5 })), { mailed: 0 })
    const row = await settingsRow(ana)
    assert.isNotNull(row.last_digest_at)
    // A week later (the post is still within that week's window).
    await popular(ana, 1, 1, { publishedAt: DateTime.now().plus({ days: 6 }) })
    assert.deepEqual(await sendWeeklyDigests(DateTime.now().plus({ days: 7 })), { mailed: 1 })
    assert.lengthOf(digests(), 2)
  })

  test('quiet hours: not during them; a later run that day mails it', async ({ assert }) => {
    await saveSettings({ weeklyDigest: true })
    const ana = await UserFactory.create()
    await popular(ana, 2, 2)
    const now = DateTime.utc()
    const minute = now.hour * 60 + now.minute
    await saveSettingsRow(ana.id, {
      time_zone: 'UTC',
      quiet_start: (minute + 1440 - 30) % 1440,
      quiet_end: (minute + 30) % 1440,
    })
    assert.deepEqual(await sendWeeklyDigests(now), { mailed: 0 })
    assert.deepEqual(await sendWeeklyDigests(now.plus({ hours: 2 })), { mailed: 1 })
  })

  test('every digest: text and HTML, one-click unsubscribe headers with the digest link', async ({
    assert,
  }) => {
    await saveSettings({ weeklyDigest: true })
    const ana = await UserFactory.create()
    await popular(ana, 1, 1)
    await sendWeeklyDigests()
    const { message } = digestOf(ana)!
    assert.isString(message.text)
    assert.isString(message.html)
    const headers = message.headers as Record<string, string>
    assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe'])![1]
    assert.match(link, new RegExp(`/email/unsubscribe/${ana.id}\\?list=digest&signature=`))
    assert.include(message.text, link)
    assert.include(message.html, link.replace(/&/g, '&amp;'))
    assert.include(message.text, '/profile/notifications')
  })

  test('scheduled by the app’s scheduler, Mondays, hourly', async ({ assert }) => {
    assert.deepEqual(SCHEDULES.weeklyDigest, { id: 'weekly-digest', cron: '0 8-23 * * 1' })
  })
})

test.group('Weekly digest / opting out', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearSettingsCache())
  group.each.teardown(() => clearSettingsCache())

  test('the digest link unsubscribes from the digest only, signed out', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const page = await client.get(pathOf(digestUnsubscribeUrl(ana.id))).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Auth/Unsubscribe')
    page.assertInertiaPropsContains({ state: 'confirm', list: 'digest' })
    assert.notExists(await settingsRow(ana))

    const response = await client
      .post(pathOf(digestUnsubscribeUrl(ana.id)))
      .form({ 'List-Unsubscribe': 'One-Click' })
    response.assertStatus(200)
    const row = await settingsRow(ana)
    assert.isTrue(Boolean(row.digest_unsubscribed))
    assert.isFalse(Boolean(row.email_unsubscribed))
  })

  test('a digest link with its list removed, or the list added to another link, is refused', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const digest = new URL(digestUnsubscribeUrl(ana.id))
    const stripped = `${digest.pathname}?signature=${digest.searchParams.get('signature')}`
    const summary = new URL(unsubscribeUrl(ana.id))
    const widened = `${summary.pathname}?list=digest&signature=${summary.searchParams.get('signature')}`
    for (const path of [stripped, widened]) {
      const post = await client.post(path).form({ 'List-Unsubscribe': 'One-Click' })
      post.assertStatus(403)
    }
    assert.notExists(await settingsRow(ana))
  })

  test('the settings page shows the digest when the team sends one; a person opts out and back in', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    let page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    page.assertInertiaPropsContains({ settings: { weeklyDigest: false, digestEnabled: true } })

    await saveSettings({ weeklyDigest: true })
    page = await client.get('/profile/notifications').loginAs(ana).withInertia()
    page.assertInertiaPropsContains({ settings: { weeklyDigest: true, digestEnabled: true } })

    const off = await client
      .put('/profile/notifications')
      .withCsrfToken()
      .loginAs(ana)
      .json({ digestEnabled: false })
      .redirects(0)
    off.assertStatus(302)
    assert.isTrue(await digestOff(ana))
    await popular(ana, 3, 3)
    const fake = mail.fake()
    try {
      assert.deepEqual(await sendWeeklyDigests(), { mailed: 0 })
    } finally {
      mail.restore()
    }
    assert.lengthOf(fake.mails.queued(), 0)

    await client
      .put('/profile/notifications')
      .withCsrfToken()
      .loginAs(ana)
      .json({ digestEnabled: true })
      .redirects(0)
    assert.isFalse(await digestOff(ana))
  })

  test('bad input is refused, nothing saved; a guest is sent to sign in', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const bad = await client
      .put('/profile/notifications')
      .withCsrfToken()
      .loginAs(ana)
      .json({ digestEnabled: 'maybe' })
      .redirects(0)
    bad.assertStatus(302)
    assert.exists(bad.flashMessage('inputErrorsBag')?.digestEnabled)
    assert.notExists(await settingsRow(ana))
    const guest = await client
      .put('/profile/notifications')
      .withCsrfToken()
      .json({ digestEnabled: false })
      .redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
  })
})
