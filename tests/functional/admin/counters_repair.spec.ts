import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { UserFactory } from '#database/factories/user_factory'
import CreatePost from '#actions/posts/create_post'
import SharePost from '#actions/posts/share_post'
import CreateComment from '#actions/engagement/create_comment'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import SendMessage from '#actions/messages/send_message'
import BlockPerson from '#actions/people/block_person'
import { DateTime } from 'luxon'
import { COUNTERS } from '#services/counter_repair'
import { rollupActivity } from '#services/activity_rollup'
import { dbTime } from '#services/db/db_time'
import { counterMismatches } from '#tests/helpers/counters'
import RepairCounters from '../../../commands/repair_counters.js'

async function runRepair(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(RepairCounters, args)
  await command.exec()
  command.assertSucceeded()
  return command
}

/** A media row of one post, comment or message (the counters count rows, not files). */
function mediaRow(uploaderId: number, owner: Record<string, number>) {
  return {
    uploader_id: uploaderId,
    kind: 'pdf',
    mime: 'application/pdf',
    size: 100,
    original_name: 'notes.pdf',
    file_key: `test/${Math.random().toString(36).slice(2)}.pdf`,
    position: 0,
    created_at: new Date(),
    ...owner,
  }
}

/**
 * A small team where every counter has something to count: posts with
 * likes, comments, a share and files, comment likes and images, messages
 * with an attachment, unread messages and notifications, and a block.
 */
async function world() {
  const [ana, ben, cara, dan] = await UserFactory.createMany(4)
  const post = await new CreatePost().handle({
    author: ana,
    body: '<p>Release notes</p>',
    audience: 'team',
    files: [],
  })
  const other = await new CreatePost().handle({
    author: ben,
    body: '<p>Lunch?</p>',
    audience: 'team',
    files: [],
  })
  await new SharePost().handle({ sharer: cara, post, comment: 'Worth a read' })
  const { comment } = await new CreateComment().handle(ben, post, 'Nice one')
  await new CreateComment().handle(cara, post, 'Agreed')
  await new CreateComment().handle(ana, other, 'Yes')
  for (const user of [ben, cara, dan]) await new TogglePostLike().handle(user, post, true)
  await new TogglePostLike().handle(ana, other, true)
  await new ToggleCommentLike().handle(ana, comment, true)
  await new ToggleCommentLike().handle(cara, comment, true)
  await new SendMessage().handle({ sender: ben, recipient: ana, body: 'Hi', files: [] })
  await new SendMessage().handle({ sender: ben, recipient: ana, body: 'Are you there?', files: [] })
  await new SendMessage().handle({ sender: ana, recipient: ben, body: 'Yes', files: [] })
  // Dan blocks ana after liking her post: his like stops counting on her bell.
  await new BlockPerson().handle(dan, ana)
  const message = await db.from('messages').orderBy('id', 'desc').firstOrFail()
  await db
    .table('media')
    .insert([
      mediaRow(ana.id, { post_id: post.id }),
      mediaRow(ana.id, { post_id: post.id }),
      mediaRow(ben.id, { comment_id: comment.id }),
      mediaRow(ana.id, { message_id: message.id }),
    ])
  await db.from('posts').where('id', post.id).update({ media_count: 2 })
  await db.from('comments').where('id', comment.id).update({ media_count: 1 })
  await db.from('messages').where('id', message.id).update({ attachments_count: 1 })
  return { ana, ben, cara, dan, post }
}

/** Every counter column, as stored now. */
async function snapshot() {
  const values: Record<string, unknown[]> = {}
  for (const { table, column, key } of COUNTERS) {
    values[`${table}.${column}`] = await db
      .from(table)
      .orderBy(key.map((name) => ({ column: name })))
      .select(column)
  }
  return values
}

test.group('Counters / counters:repair', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('the world counts right by itself: nothing to repair', async ({ assert }) => {
    await world()
    assert.deepEqual(await counterMismatches(), [])
    const command = await runRepair()
    command.assertLog('[ blue(info) ] Every counter equals its rows.')
  })

  test('every wrong counter is recomputed from its rows and reported', async ({ assert }) => {
    const { ana, post } = await world()
    // A past day for the activity rollup to hold (the world is created today).
    await db
      .from('users')
      .where('id', ana.id)
      .update({ created_at: dbTime(DateTime.now().minus({ days: 2 })) })
    await rollupActivity()
    const stored = await db.from('users').where('id', ana.id).firstOrFail()
    assert.isAbove(Number(stored.unread_notifications_count), 0)
    // Break every counter of every row (as a restore or a hand edit could).
    for (const { table, column } of COUNTERS) {
      await db.from(table).update({ [column]: 37 })
    }
    const broken = await counterMismatches()
    for (const { table, column } of COUNTERS) {
      assert.isTrue(
        broken.some((line) => line.startsWith(`${table}.${column} `)),
        `${table}.${column} is broken`
      )
    }

    const command = await runRepair()
    assert.deepEqual(await counterMismatches(), [])
    for (const { table, column } of COUNTERS) {
      command.assertLogMatches(new RegExp(`Fixed ${table}\\.${column} on \\d+ row\\(s\\) \\(`))
    }
    command.assertLogMatches(
      new RegExp(`Fixed posts\\.likes_count on \\d+ row\\(s\\) \\(id ${post.id}: 37 → 3[;)]`)
    )
    command.assertLogMatches(
      new RegExp(`Fixed \\d+ counter value\\(s\\) in ${COUNTERS.length} column\\(s\\)\\.`)
    )

    // Run again: nothing left.
    const again = await runRepair()
    again.assertLog('[ blue(info) ] Every counter equals its rows.')
  })

  test('only drifted rows are reported; the rest are left as they are', async ({ assert }) => {
    const { ana, dan, post } = await world()
    await db.from('users').where('id', ana.id).update({ unread_notifications_count: 20 })
    await db.from('posts').where('id', post.id).update({ shares_count: 0 })
    const command = await runRepair()
    const unread = await db
      .from('notifications')
      .where('user_id', ana.id)
      .whereNull('read_at')
      // Not dan's like: he blocked her.
      .whereNot('actor_id', dan.id)
      .count('* as total')
      .firstOrFail()
    command.assertLog(`[ blue(info) ] Fixed posts.shares_count on 1 row(s) (id ${post.id}: 0 → 1)`)
    command.assertLogMatches(
      new RegExp(
        `Fixed users\\.unread_notifications_count on 1 row\\(s\\) \\(id ${ana.id}: 20 → ${unread.total}\\)`
      )
    )
    command.assertLog('[ green(success) ] Fixed 2 counter value(s) in 2 column(s).')
    assert.isBelow(Number(unread.total), 20)
    assert.deepEqual(await counterMismatches(), [])
  })

  test('--dry-run reports the same and changes nothing', async ({ assert }) => {
    const { ben } = await world()
    await db.from('users').where('id', ben.id).update({ unread_messages_count: 5, posts_count: 9 })
    await db.from('conversation_participants').where('user_id', ben.id).update({ unread_count: 4 })
    const before = await snapshot()
    const command = await runRepair(['--dry-run'])
    // Ben has not read ana's reply yet: 1 unread, not 4 (nor 5 in all).
    command.assertLogMatches(
      new RegExp(
        `Would fix conversation_participants\\.unread_count on 1 row\\(s\\) \\(conversation_id \\d+, user_id ${ben.id}: 4 → 1\\)`
      )
    )
    command.assertLog(
      `[ blue(info) ] Would fix users.posts_count on 1 row(s) (id ${ben.id}: 9 → 1)`
    )
    command.assertLog(
      `[ blue(info) ] Would fix users.unread_messages_count on 1 row(s) (id ${ben.id}: 5 → 1)`
    )
    command.assertLog('[ green(success) ] Would fix 3 counter value(s) in 3 column(s).')
    assert.deepEqual(await snapshot(), before)
    assert.lengthOf(await counterMismatches(), 3)
  })
})
