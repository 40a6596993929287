import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import Notify from '#actions/notifications/notify'
import { recountUnread } from '#queries/notifications'
import { countCreatedPost, recountUserPosts } from '#services/posts/publication'
import { onSqlite } from '#tests/helpers/dialect'
import { lockRowsForChange } from '#services/db/row_lock'
import { driveSqlSteps } from '#services/db/sql_steps'
import { recordBroadcasts } from './_support.js'

/**
 * Counters recomputed with `UPDATE … SET n = (SELECT COUNT(*) …)` while
 * another transaction writes the same person's rows (PostgreSQL, READ
 * COMMITTED): the recount must wait for the other commit and count its
 * rows (app/services/recount_lock.ts). Found by the kill -9 storm test
 * (tests/functional/ops/kill_durability.spec.ts): a notification stored
 * at the same moment as another was missing from the bell's count for good.
 * Real commits here (no global transaction): the second writer has to see
 * the first one's.
 */
const SQLITE_ONE_WRITER =
  'SQLite runs one write transaction at a time: the two writers cannot overlap'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const notificationRow = (userId: number, actorId: number) => ({
  user_id: userId,
  kind: 'announcement',
  actor_id: actorId,
  target_type: 'user',
  target_id: userId,
  data: JSON.stringify({}),
  read_at: null,
  created_at: DateTime.now().toSQL({ includeOffset: false }),
})

test.group('Counters recomputed while another transaction writes', (group) => {
  recordBroadcasts(group)

  test('two notifications for one person at once: the unread count has both', async ({
    assert,
  }) => {
    const [reader, actor, other] = await UserFactory.createMany(3)
    try {
      // The first writer stores a notification and recounts, and has not committed yet.
      const first = await db.transaction()
      await first.table('notifications').insert({
        user_id: reader.id,
        kind: 'announcement',
        actor_id: other.id,
        target_type: 'user',
        target_id: reader.id,
        data: JSON.stringify({}),
        read_at: null,
        created_at: DateTime.now().toSQL({ includeOffset: false }),
      })
      await recountUnread([reader.id], first)
      // The second one starts meanwhile and has to wait for the first one's row lock.
      const second = new Notify().handle({
        recipientId: reader.id,
        kind: 'announcement',
        actorId: actor.id,
        target: { type: 'user', id: reader.id },
      })
      await pause(300)
      await first.commit()
      await second

      const rows = await db
        .from('notifications')
        .where('user_id', reader.id)
        .whereNull('read_at')
        .count('* as total')
      const user = await db.from('users').where('id', reader.id).firstOrFail()
      assert.equal(Number(rows[0].total), 2)
      assert.equal(Number(user.unread_notifications_count), 2)
    } finally {
      await db.from('notifications').whereIn('user_id', [reader.id]).delete()
      await db.from('users').whereIn('id', [reader.id, actor.id, other.id]).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)

  test('a post created while its author’s posts are recounted: posts_count has it', async ({
    assert,
  }) => {
    const author = await UserFactory.create()
    try {
      const now = DateTime.now().toSQL({ includeOffset: false })
      const post = {
        author_id: author.id,
        body_html: '<p>Hello</p>',
        body_text: 'Hello',
        audience: 'team',
        status: 'published',
        published_at: now,
        created_at: now,
        updated_at: now,
      }
      // One post already there, counted.
      await db.table('posts').insert(post)
      await db.transaction((trx) => recountUserPosts(author.id, trx))

      // The creator inserts and counts +1, and has not committed yet.
      const creating = await db.transaction()
      await creating.table('posts').insert(post)
      await driveSqlSteps(
        countCreatedPost({ authorId: author.id, status: 'published', deletedAt: null }),
        creating
      )
      // A recount (an edit, a moderation decision) starts meanwhile.
      const recount = db.transaction((trx) => recountUserPosts(author.id, trx))
      await pause(300)
      await creating.commit()
      await recount

      const user = await db.from('users').where('id', author.id).firstOrFail()
      assert.equal(Number(user.posts_count), 2)
    } finally {
      await db.from('posts').where('author_id', author.id).delete()
      await db.from('users').where('id', author.id).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)

  test('two notifications for one person, both stored before either recounts: no deadlock', async ({
    assert,
  }) => {
    // Each INSERT's foreign-key check holds FOR KEY SHARE on the person's
    // row. The recount's lock must not wait for it (FOR UPDATE did: each
    // transaction waited for the other, and PostgreSQL killed one with
    // "deadlock detected", a 500 for its request).
    const [reader, actor, other] = await UserFactory.createMany(3)
    const first = await db.transaction()
    const second = await db.transaction()
    try {
      await first.rawQuery("SET LOCAL lock_timeout = '2s'")
      await first.table('notifications').insert(notificationRow(reader.id, actor.id))
      await second.table('notifications').insert(notificationRow(reader.id, other.id))
      // Takes the lock at once although `second` points at the row too.
      await recountUnread([reader.id], first)
      const waiting = recountUnread([reader.id], second)
      await pause(200)
      await first.commit()
      const counts = await waiting
      await second.commit()
      assert.equal(counts.get(reader.id), 2)
      const user = await db.from('users').where('id', reader.id).firstOrFail()
      assert.equal(Number(user.unread_notifications_count), 2)
    } finally {
      if (!first.isCompleted) await first.rollback()
      if (!second.isCompleted) await second.rollback()
      await db.from('notifications').where('user_id', reader.id).delete()
      await db.from('users').whereIn('id', [reader.id, actor.id, other.id]).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)

  test('a row locked for a change does not wait for a pending insert pointing at it', async ({
    assert,
  }) => {
    const [person, actor] = await UserFactory.createMany(2)
    const inserting = await db.transaction()
    const changing = await db.transaction()
    try {
      await inserting.table('notifications').insert(notificationRow(person.id, actor.id))
      await changing.rawQuery("SET LOCAL lock_timeout = '2s'")
      // An avatar change, a moderation decision: read the row, then update it.
      const row = await lockRowsForChange(
        changing.from('users').where('id', person.id).select('id')
      ).first()
      assert.equal(Number(row.id), person.id)
      await changing.from('users').where('id', person.id).update({ bio: 'changed' })
      await changing.commit()
      await inserting.commit()
    } finally {
      if (!inserting.isCompleted) await inserting.rollback()
      if (!changing.isCompleted) await changing.rollback()
      await db.from('notifications').where('user_id', person.id).delete()
      await db.from('users').whereIn('id', [person.id, actor.id]).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)
})
