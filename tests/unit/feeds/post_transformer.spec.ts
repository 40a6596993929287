import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { PostCard } from '#queries/feeds/post_cards'
import { dbDateTime, dbInstant } from '#services/db/db_time'
import PostTransformer from '#transformers/post_transformer'
import { initialsOf, mediaUrl } from '#services/media_urls'

function post(attributes: Partial<PostCard>): PostCard {
  return {
    id: 10,
    authorId: 1,
    bodyHtml: '<p>x</p>',
    bodyText: 'x',
    audience: 'team',
    status: 'published',
    sharedPostId: null,
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    mediaCount: 0,
    createdAt: DateTime.now().minus({ hours: 2 }),
    publishedAt: DateTime.now().minus({ hours: 2 }),
    updatedAt: DateTime.now().minus({ hours: 2 }),
    announcedAt: null,
    rejectionReason: null,
    author: { id: 1, fullName: 'Ana Lopez', username: 'ana', avatarKey: null },
    media: [],
    sharedPost: null,
    viewerLiked: false,
    viewerShared: false,
    viewerMuted: false,
    extras: {},
    ...attributes,
  }
}

const member = { id: 2, role: 'member' as const }

test.group('Feeds / PostTransformer', () => {
  test("the card carries the viewer's mute (the menu starts from it)", ({ assert }) => {
    assert.isTrue(new PostTransformer(post({ viewerMuted: true }), member).toObject().muted)
    assert.isFalse(new PostTransformer(post({}), member).forDetail().muted)
  })

  test('a post changed after publication is marked edited', ({ assert }) => {
    assert.isTrue(
      new PostTransformer(post({ updatedAt: DateTime.now() }), member).toObject().edited
    )
  })

  test('a post approved (published) later is not marked edited by the approval', ({ assert }) => {
    const now = DateTime.now()
    const approved = post({ publishedAt: now, updatedAt: now })
    assert.isFalse(new PostTransformer(approved, member).toObject().edited)
  })

  test('pending posts cannot be liked, commented or shared', ({ assert }) => {
    const can = new PostTransformer(post({ status: 'pending' }), member).toObject().can
    assert.deepEqual(can, { edit: false, delete: false, like: false, comment: false, share: false })
  })

  test('the rejection reason is shown to the author and admins only', ({ assert }) => {
    const rejected = post({ status: 'rejected', rejectionReason: 'Off topic' })
    assert.isNull(new PostTransformer(rejected, member).forDetail().rejectionReason)
    assert.equal(
      new PostTransformer(rejected, { id: 1, role: 'member' }).forDetail().rejectionReason,
      'Off topic'
    )
    assert.equal(
      new PostTransformer(rejected, { id: 9, role: 'admin' }).forDetail().rejectionReason,
      'Off topic'
    )
  })

  test('a share carries its original; one share per person, never of your own post', ({
    assert,
  }) => {
    const original = post({ id: 3, authorId: 7, bodyHtml: '<p>original</p>', likesCount: 4 })
    const share = post({ id: 11, sharedPostId: 3, sharedPost: original })
    const card = new PostTransformer(share, member).toObject()
    assert.isTrue(card.isShare)
    assert.equal(card.original?.id, 3)
    assert.equal(card.original?.bodyHtml, '<p>original</p>')
    assert.deepEqual(card.original?.counts, { likes: 4, comments: 0, shares: 0 })
    assert.isTrue(card.can.share)
    assert.isFalse(
      new PostTransformer({ ...share, viewerShared: true }, member).toObject().can.share
    )
    assert.isFalse(new PostTransformer(share, { id: 7, role: 'member' }).toObject().can.share)
    // The original vanished between the page and its card: "no longer available".
    assert.isNull(new PostTransformer({ ...share, sharedPost: null }, member).toObject().original)
  })

  test('the viewer flag says whether they liked it; authors show no e-mail', ({ assert }) => {
    const card = new PostTransformer(post({ viewerLiked: true }), member).toObject()
    assert.isTrue(card.liked)
    assert.deepEqual(Object.keys(card.author!).sort(), [
      'avatarUrl',
      'fullName',
      'id',
      'initials',
      'username',
    ])
  })

  test('media URLs go through the authorising media route', ({ assert }) => {
    assert.equal(mediaUrl(7, 'thumb'), '/media/7/thumb')
    assert.equal(mediaUrl(7), '/media/7/original')
  })

  test('initials come from the first and last names', ({ assert }) => {
    assert.equal(initialsOf('ana maria lopez'), 'AL')
    assert.equal(initialsOf('Cher'), 'C')
  })
})

test.group('Feeds / timestamps of raw rows (dbDateTime)', () => {
  test('SQL text, ISO text, Dates and epoch ms read as luxon would', ({ assert }) => {
    for (const text of ['2026-11-22 09:01:02', '2024-02-29 23:59:59', '2026-01-01 00:00:00.5']) {
      assert.equal(dbDateTime(text)!.toISO(), DateTime.fromSQL(text).toISO(), text)
    }
    const iso = '2026-11-22T09:01:02.123456+00:00'
    assert.equal(dbDateTime(iso)!.toMillis(), DateTime.fromISO(iso).toMillis())
    const date = new Date('2026-11-22T09:01:02.123Z')
    assert.equal(dbDateTime(date)!.toMillis(), date.getTime())
    assert.equal(dbDateTime(date.getTime())!.toMillis(), date.getTime())
    assert.isNull(dbDateTime(null))
    assert.isNull(dbDateTime(''))
  })
})

test.group('Feeds / instants of card timestamps (dbInstant)', () => {
  test('print and compare exactly as luxon reads the same value', ({ assert }) => {
    const texts = ['2026-11-22 09:01:02', '2024-02-29 23:59:59', '2026-01-01 00:00:00.5']
    const dates = [new Date('2026-11-22T09:01:02.123Z'), new Date('1999-12-31T23:59:59.999Z')]
    for (const value of [...texts, ...dates, '2026-11-22T09:01:02.123+00:00']) {
      const expected = value instanceof Date ? DateTime.fromJSDate(value) : dbDateTime(value)!
      const instant = dbInstant(value)!
      assert.equal(instant.toISO(), expected.toISO(), String(value))
      assert.equal(instant.toMillis(), expected.toMillis(), String(value))
      assert.equal(JSON.stringify({ at: instant }), JSON.stringify({ at: expected }))
    }
    assert.isNull(dbInstant(null))
    assert.isNull(dbInstant(''))
  })

  test('UTC text (SQL, ISO) reads as the Date of the same instant, any day, any fraction', ({
    assert,
  }) => {
    // Leap days and the century rules, month and year ends, and a spread of
    // instants from 1901 to 2199 (a fixed stride, so every run checks the same).
    const dates = [
      '1900-03-01T00:00:00.000Z',
      '2000-02-29T12:34:56.789Z',
      '2100-02-28T23:59:59.999Z',
      '2100-03-01T00:00:00.001Z',
      '2024-12-31T23:59:59.999Z',
      '2025-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
    ].map((iso) => new Date(iso))
    for (let ms = Date.UTC(1901, 0, 1); ms < Date.UTC(2199, 0, 1); ms += 86_399_937 * 13) {
      dates.push(new Date(ms))
    }
    for (const date of dates) {
      const iso = date.toISOString()
      const sql = `${iso.slice(0, 10)} ${iso.slice(11, 23)}`
      // SQLite's text, without and with milliseconds; PostgreSQL's, with
      // microseconds and its offset (timestampsAsText); both inside JSON.
      const variants = [
        sql.slice(0, 19),
        sql,
        `${sql}456+00`,
        `${iso.slice(0, 23)}456+00:00`,
        iso,
        iso.slice(0, 19),
      ]
      for (const text of variants) {
        const expected =
          text.length === 19 ? Math.floor(date.getTime() / 1000) * 1000 : date.getTime()
        const instant = dbInstant(text)!
        assert.equal(instant.toMillis(), expected, text)
        assert.equal(
          instant.toISO(),
          `${new Date(expected).toISOString().slice(0, -1)}+00:00`,
          text
        )
        // A model's column (consumeDateTime) reads the same as luxon's own parsers.
        const luxon = text.includes('T') ? DateTime.fromISO(text) : DateTime.fromSQL(text)
        assert.equal(dbDateTime(text)!.toMillis(), luxon.toMillis(), text)
        assert.equal(dbDateTime(text)!.toISO(), luxon.toISO(), text)
      }
    }
    assert.equal(dbInstant('2026-11-22 09:01:02.5+00')!.toISO(), '2026-11-22T09:01:02.500+00:00')
    assert.equal(dbInstant('2026-11-22 09:01:02+00')!.toMillis(), Date.UTC(2026, 10, 22, 9, 1, 2))
  })

  test('the edited mark compares instants of raw rows', ({ assert }) => {
    const at = (text: string) => dbInstant(text)!
    const card = (updated: string) =>
      post({
        createdAt: at('2026-11-22 09:00:00'),
        publishedAt: at('2026-11-22 09:00:00'),
        updatedAt: at(updated),
      })
    assert.isFalse(new PostTransformer(card('2026-11-22 09:00:59'), member).toObject().edited)
    assert.isTrue(new PostTransformer(card('2026-11-22 09:01:01'), member).toObject().edited)
  })
})
