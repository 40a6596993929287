import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import User from '#models/user'
import DemoSeeder from '#database/seeders/demo_seeder'
import { clearSettingsCache } from '#services/settings'
import { dbTimeToMillis } from '#services/db/db_time'
import { counterMismatches } from '#tests/helpers/counters'

/** Rows where a stored counter differs from a COUNT over the rows it counts. */
async function mismatches(sql: string) {
  const result = await db.rawQuery(sql)
  return (Array.isArray(result) ? result : result.rows) as Record<string, unknown>[]
}

async function total(table: string, where?: (query: any) => void) {
  const query = db.from(table)
  if (where) where(query)
  const row = await query.count('* as total').firstOrFail()
  return Number(row.total)
}

test.group('Demo seeder: a lively demo feed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    drive.fake()
    return () => {
      drive.restore()
      clearSettingsCache()
    }
  })

  test('seeds posts, files, comments, likes and shares with exact counters; re-running adds nothing', async ({
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()

    const posts = await total('posts', (q) => q.whereNull('shared_post_id'))
    const shares = await total('posts', (q) => q.whereNotNull('shared_post_id'))
    assert.isAtLeast(posts, 30)
    assert.isAtMost(posts, 40)
    assert.isAtLeast(shares, 4)
    assert.isAtLeast(await total('comments'), 35)
    assert.isAtLeast(await total('post_likes'), 60)
    assert.isAtLeast(await total('comment_likes'), 10)
    assert.isAtLeast(await total('post_mentions'), 4)
    assert.equal(
      await total('posts', (q) =>
        q.where('audience', 'public').whereNull('shared_post_id').where('status', 'published')
      ),
      4
    )

    // One public post waits for moderation; one announcement by the admin.
    const pending = await db.from('posts').where('status', 'pending').select('audience')
    assert.deepEqual(pending, [{ audience: 'public' }])
    const admin = await User.findByOrFail('email', 'admin@huddle.test')
    const announced = await db.from('posts').whereNotNull('announced_at').select('author_id')
    assert.deepEqual(announced, [{ author_id: admin.id }])

    // Images went through the real pipeline (display size + thumbnail); a PDF too.
    const images = await db.from('media').where('kind', 'image')
    assert.isAtLeast(images.length, 20)
    for (const image of images) {
      assert.isNotNull(image.thumb_key)
      assert.isNotNull(image.display_key)
      assert.isAbove(Number(image.width), 0)
    }
    assert.equal(await total('media', (q) => q.where('kind', 'pdf')), 1)
    const stored = await drive.use().exists(images[0].thumb_key)
    assert.isTrue(stored)

    // Posts span about three weeks, oldest first by id (keyset order = time order).
    const times = await db
      .from('posts')
      .whereNull('shared_post_id')
      .orderBy('id')
      .select('created_at')
    const millis = times.map((row) => dbTimeToMillis(row.created_at))
    assert.deepEqual(
      millis,
      [...millis].sort((a, b) => a - b)
    )
    const days = (millis[millis.length - 1] - millis[0]) / 86_400_000
    assert.isAbove(days, 18)
    assert.isBelow(days, 23)

    // Every counter equals the rows it counts.
    assert.deepEqual(
      await mismatches(`SELECT p.id FROM posts p WHERE
        p.likes_count <> (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id)
        OR p.comments_count <> (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)
        OR p.shares_count <> (SELECT COUNT(*) FROM posts s WHERE s.shared_post_id = p.id AND s.status = 'published' AND s.deleted_at IS NULL)
        OR p.media_count <> (SELECT COUNT(*) FROM media m WHERE m.post_id = p.id)`),
      []
    )
    assert.deepEqual(
      await mismatches(`SELECT c.id FROM comments c WHERE
        c.likes_count <> (SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id)`),
      []
    )
    assert.deepEqual(
      await mismatches(`SELECT u.id FROM users u WHERE
        u.posts_count <> (SELECT COUNT(*) FROM posts p WHERE p.author_id = u.id AND p.status = 'published' AND p.deleted_at IS NULL)
        OR u.likes_given_count <> (SELECT COUNT(*) FROM post_likes l WHERE l.user_id = u.id)
        OR u.comments_count <> (SELECT COUNT(*) FROM comments c WHERE c.author_id = u.id AND c.deleted_at IS NULL)`),
      []
    )

    // Issue 17 §2: every stored counter of the schema equals a COUNT(*) of its
    // rows; cara's bell said 20 where her notifications held 7.
    assert.deepEqual(await counterMismatches(), [])
    const cara = await User.findByOrFail('email', 'cara@huddle.test')
    const caraUnread = await total('notifications', (q) =>
      q.where('user_id', cara.id).whereNull('read_at')
    )
    assert.isAbove(caraUnread, 0)
    assert.equal(cara.unreadNotificationsCount, caraUnread)

    // Idempotent: a second run writes nothing.
    const before = {
      users: await total('users'),
      posts: await total('posts'),
      media: await total('media'),
      comments: await total('comments'),
      likes: await total('post_likes'),
    }
    await new DemoSeeder(db.connection()).run()
    assert.deepEqual(
      {
        users: await total('users'),
        posts: await total('posts'),
        media: await total('media'),
        comments: await total('comments'),
        likes: await total('post_likes'),
      },
      before
    )
  }).timeout(120_000)

  test("ana's home feed shows the demo posts with their pictures", async ({ client, assert }) => {
    await new DemoSeeder(db.connection()).run()
    const ana = await User.findByOrFail('email', 'ana@huddle.test')
    const response = await client.get('/').loginAs(ana).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Home')
    const page = (response.inertiaProps as any).posts
    const list: any[] = Array.isArray(page) ? page : page.data
    assert.lengthOf(list, 20)
    const withImages = list.filter((post) =>
      [...post.media, ...(post.original?.media ?? [])].some(
        (item: any) => item.kind === 'image' && item.thumbUrl
      )
    )
    assert.isAtLeast(withImages.length, 5)
    assert.isTrue(list.some((post) => post.isShare))
    // The admin's announcement carries its mark to the card.
    assert.isTrue(list.some((post) => post.announced && post.author.username === 'admin'))
    assert.isTrue(list.some((post) => post.counts.likes > 0 && post.counts.comments > 0))
    assert.isTrue(list.some((post) => post.bodyHtml.includes('class="mention"')))
    // The pending public post is not in the team feed.
    assert.isFalse(list.some((post) => post.status !== 'published'))
  }).timeout(120_000)
})
