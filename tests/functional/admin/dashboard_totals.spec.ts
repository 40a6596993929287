import { setTimeout as pause } from 'node:timers/promises'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { UserFactory } from '#database/factories/user_factory'
import CreatePost from '#actions/posts/create_post'
import DeletePost from '#actions/posts/delete_post'
import SharePost from '#actions/posts/share_post'
import CreateComment from '#actions/engagement/create_comment'
import DeleteComment from '#actions/engagement/delete_comment'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import SendMessage from '#actions/messages/send_message'
import ModeratePost from '#actions/admin/moderate_post'
import UnpublishPost from '#actions/admin/moderation/unpublish_post'
import { contentTotals, type ContentTotals } from '#queries/admin/dashboard'
import { repairCounters } from '#services/counter_repair'
import { addMedia } from '#tests/functional/feeds/fixtures'
import { PostFactory } from '#database/factories/post_factory'
import { counterMismatches } from '#tests/helpers/counters'
import { onSqlite } from '#tests/helpers/dialect'

/**
 * The dashboard's content totals (dashboard_totals, migration 0113) stay
 * exact through every write path — created, liked, commented, shared,
 * moderated, unpublished, deleted, cascaded — and counters:repair puts
 * them back from the rows. "Exact" is checked against plain counts of the
 * rows themselves, written here independently of the triggers.
 */
async function fromRows(): Promise<ContentTotals> {
  const published = (query: any) =>
    query.where('posts.status', 'published').whereNull('posts.deleted_at')
  const count = async (query: any) => {
    const row = await query.count('* as total').first()
    return Number(row.total)
  }
  return {
    posts: await count(published(db.from('posts'))),
    comments: await count(
      published(db.from('comments').join('posts', 'posts.id', 'comments.post_id')).whereNull(
        'comments.deleted_at'
      )
    ),
    likes: await count(
      published(db.from('post_likes').join('posts', 'posts.id', 'post_likes.post_id'))
    ),
    messages: await count(db.from('messages')),
    photos: await count(db.from('media').where('kind', 'image')),
    videos: await count(db.from('media').where('kind', 'video')),
  }
}

async function assertExact(assert: any, step: string) {
  assert.deepEqual(await contentTotals(), await fromRows(), step)
}

test.group('Admin / dashboard totals: exact counters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('every write path moves the totals exactly, and only what it counts', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const [ana, ben, cara] = await UserFactory.createMany(3)
    assert.deepEqual(await contentTotals(), {
      posts: 0,
      comments: 0,
      likes: 0,
      messages: 0,
      photos: 0,
      videos: 0,
    })

    const post = await new CreatePost().handle({
      author: ana,
      body: '<p>Release notes</p>',
      audience: 'team',
      files: [],
    })
    await assertExact(assert, 'a published post')
    assert.deepInclude(await contentTotals(), { posts: 1 })

    for (const user of [ben, cara]) await new TogglePostLike().handle(user, post, true)
    const { comment } = await new CreateComment().handle(ben, post, 'Nice one')
    await new CreateComment().handle(cara, post, 'Agreed')
    await new SharePost().handle({ sharer: cara, post, comment: 'Worth a read' })
    await assertExact(assert, 'likes, comments and a share')
    assert.deepInclude(await contentTotals(), { posts: 2, likes: 2, comments: 2 })

    await new TogglePostLike().handle(cara, post, false)
    await new DeleteComment().handle(comment)
    await assertExact(assert, 'an unlike and a deleted comment')
    assert.deepInclude(await contentTotals(), { likes: 1, comments: 1 })

    // A pending post and what happens on it count nowhere until approved.
    const pending = await PostFactory.merge({ authorId: ben.id })
      .apply('public')
      .apply('pending')
      .create()
    await new TogglePostLike().handle(ana, pending, true)
    await assertExact(assert, 'a pending post with a like')
    assert.deepInclude(await contentTotals(), { posts: 2 })
    await new ModeratePost().handle(admin, pending, 'approved')
    await assertExact(assert, 'the pending post approved')
    assert.deepInclude(await contentTotals(), { posts: 3, likes: 2 })

    // Unpublished: the post leaves the totals with its likes and comments.
    await post.refresh()
    await new UnpublishPost().handle(admin, post, 'Needs a source')
    await assertExact(assert, 'a post unpublished')
    assert.deepInclude(await contentTotals(), { posts: 2, likes: 1, comments: 0 })

    // Attachments and messages.
    const photos = await addMedia(pending, 'image', 2)
    await addMedia(pending, 'video', 1)
    await addMedia(pending, 'pdf', 1)
    await new SendMessage().handle({ sender: ben, recipient: ana, body: 'Hi', files: [] })
    await new SendMessage().handle({ sender: ana, recipient: ben, body: 'Hello', files: [] })
    await assertExact(assert, 'files and messages')
    assert.deepInclude(await contentTotals(), { photos: 2, videos: 1, messages: 2 })
    await photos[0].delete()
    await assertExact(assert, 'a photo removed')

    await new DeletePost().handle(pending)
    await assertExact(assert, 'a post deleted')

    // Cascades: an account's rows going at once (as a hard delete would).
    await db.from('users').where('id', cara.id).delete()
    await assertExact(assert, "an account's rows cascaded away")
    await db.from('users').where('id', ben.id).delete()
    await assertExact(assert, 'another account with messages and media cascaded away')
    // (The per-row counters of the posts left are the app's to keep, and a
    // raw cascade skips it; the totals, kept by triggers, do not drift.)
    const drifted = await counterMismatches()
    assert.deepEqual(
      drifted.filter((line) => line.startsWith('dashboard_totals')),
      []
    )
  })

  test('counters:repair puts drifted totals back from the rows; dry-run only reports', async ({
    assert,
  }) => {
    const [ana, ben] = await UserFactory.createMany(2)
    for (let i = 0; i < 10; i++) {
      const post = await PostFactory.merge({ authorId: (i % 2 ? ana : ben).id }).create()
      await new TogglePostLike().handle(i % 2 ? ben : ana, post, true)
      if (i % 3 === 0) await addMedia(post, 'image', 1)
    }
    const right = await fromRows()
    assert.deepEqual(await contentTotals(), right)

    // A restore, a hand edit or SQL run with the triggers off.
    await db.from('dashboard_totals').update({ posts: 1000, likes: 7, photos: 0 })
    assert.notDeepEqual(await contentTotals(), right)

    const dry = await repairCounters({ dryRun: true })
    const reported = dry.map((report) => report.counter)
    assert.includeMembers(reported, [
      'dashboard_totals.posts',
      'dashboard_totals.likes',
      'dashboard_totals.photos',
    ])
    assert.notInclude(reported, 'dashboard_totals.messages')
    assert.deepInclude(await contentTotals(), { posts: 8000 })

    await repairCounters()
    assert.deepEqual(await contentTotals(), right)
    assert.deepEqual(await counterMismatches(), [])
    assert.deepEqual(await repairCounters(), [])
  })
})

/**
 * PostgreSQL, real commits: two transactions that each write rows of two
 * slots' ids, in the other order (a post with an image, a post mentioning
 * another…). Counted by row id (0113), each held one slot row and waited
 * for the other's: a deadlock, and a 500 for one of the two writers
 * (found by tests/functional/ops/kill_durability.spec.ts). A transaction
 * counts in one slot row now (0126): they never hold one and wait for
 * another.
 */
test.group('Admin / dashboard totals: concurrent writers', () => {
  const SQLITE_ONE_WRITER = 'SQLite runs one write transaction at a time: no row locks to cycle'

  /** Ids from posts' own sequence: two ≡ 1 and two ≡ 2 (mod 8), in that order. */
  async function idsInSlots() {
    const wanted = new Map<number, number[]>([
      [1, []],
      [2, []],
    ])
    while ([...wanted.values()].some((ids) => ids.length < 2)) {
      const result = await db.rawQuery(
        `SELECT nextval(pg_get_serial_sequence('posts', 'id')) AS id`
      )
      const id = Number(result.rows[0].id)
      const slot = wanted.get(id % 8)
      if (slot && slot.length < 2) slot.push(id)
    }
    return { one: wanted.get(1)!, two: wanted.get(2)! }
  }

  test('two transactions writing the same two slots in the other order both commit', async ({
    assert,
  }) => {
    const author = await UserFactory.create()
    const before = await contentTotals()
    try {
      const { one, two } = await idsInSlots()
      const now = DateTime.now().toSQL({ includeOffset: false })
      const post = (id: number) => ({
        id,
        author_id: author.id,
        body_html: `<p>slot ${id % 8}</p>`,
        body_text: `slot ${id % 8}`,
        audience: 'team',
        status: 'published',
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      // Both take their first row, then both their second: by row id, the
      // first writer waits for slot 2, the second for slot 1.
      let arrived = 0
      const bothArrived = async () => {
        arrived += 1
        const started = Date.now()
        // A writer that waits on the other's counter row never arrives:
        // the other goes on after a moment, commits, and frees it.
        while (arrived < 2 && Date.now() - started < 500) await pause(10)
      }
      const writer = async (first: number, second: number) => {
        const trx = await db.transaction()
        try {
          await trx.table('posts').insert(post(first))
          await bothArrived()
          await trx.table('posts').insert(post(second))
          await trx.commit()
        } catch (error) {
          await trx.rollback()
          throw error
        }
      }
      const results = await Promise.allSettled([writer(one[0], two[0]), writer(two[1], one[1])])
      assert.deepEqual(
        results.map((result) =>
          result.status === 'fulfilled' ? 'committed' : String(result.reason)
        ),
        ['committed', 'committed']
      )
      const after = await contentTotals()
      assert.equal(after.posts, before.posts + 4)
      const drifted = await counterMismatches()
      assert.deepEqual(
        drifted.filter((line) => line.startsWith('dashboard_totals')),
        []
      )
    } finally {
      await db.from('posts').where('author_id', author.id).delete()
      await db.from('users').where('id', author.id).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)
})
