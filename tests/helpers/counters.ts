import db from '@adonisjs/lucid/services/db'
import { dbDateTime } from '#services/db/db_time'

/**
 * Every stored counter next to a COUNT(*) of the rows it counts, written
 * here independently of app/services/counter_repair.ts (GROUP BY queries
 * compared in JavaScript). Returns the rows that differ, as
 * "table.column key: stored ≠ rows", so a failing assertion shows them.
 */
export async function counterMismatches(): Promise<string[]> {
  const wrong: string[] = []
  const tally = async (query: any, key: string) => {
    const counts = new Map<string, number>()
    for (const row of await query) counts.set(String(row[key]), Number(row.total))
    return counts
  }
  const compare = (
    label: string,
    rows: Record<string, unknown>[],
    keyOf: (row: Record<string, unknown>) => string,
    column: string,
    counts: Map<string, number>
  ) => {
    for (const row of rows) {
      const stored = Number(row[column])
      const actual = counts.get(keyOf(row)) ?? 0
      if (stored !== actual) wrong.push(`${label} ${keyOf(row)}: ${stored} ≠ ${actual}`)
    }
  }
  const byId = (row: Record<string, unknown>) => String(row.id)

  const posts = await db.from('posts').select('*')
  compare(
    'posts.likes_count',
    posts,
    byId,
    'likes_count',
    await tally(
      db.from('post_likes').select('post_id').count('* as total').groupBy('post_id'),
      'post_id'
    )
  )
  compare(
    'posts.comments_count',
    posts,
    byId,
    'comments_count',
    await tally(
      db
        .from('comments')
        .whereNull('deleted_at')
        .select('post_id')
        .count('* as total')
        .groupBy('post_id'),
      'post_id'
    )
  )
  compare(
    'posts.shares_count',
    posts,
    byId,
    'shares_count',
    await tally(
      db
        .from('posts')
        .whereNotNull('shared_post_id')
        .where('status', 'published')
        .whereNull('deleted_at')
        .select('shared_post_id')
        .count('* as total')
        .groupBy('shared_post_id'),
      'shared_post_id'
    )
  )
  compare(
    'posts.media_count',
    posts,
    byId,
    'media_count',
    await tally(
      db
        .from('media')
        .whereNotNull('post_id')
        .select('post_id')
        .count('* as total')
        .groupBy('post_id'),
      'post_id'
    )
  )

  const comments = await db.from('comments').select('*')
  compare(
    'comments.likes_count',
    comments,
    byId,
    'likes_count',
    await tally(
      db.from('comment_likes').select('comment_id').count('* as total').groupBy('comment_id'),
      'comment_id'
    )
  )
  compare(
    'comments.media_count',
    comments,
    byId,
    'media_count',
    await tally(
      db
        .from('media')
        .whereNotNull('comment_id')
        .select('comment_id')
        .count('* as total')
        .groupBy('comment_id'),
      'comment_id'
    )
  )

  compare(
    'messages.attachments_count',
    await db.from('messages').select('*'),
    byId,
    'attachments_count',
    await tally(
      db
        .from('media')
        .whereNotNull('message_id')
        .select('message_id')
        .count('* as total')
        .groupBy('message_id'),
      'message_id'
    )
  )

  // Unread messages: from the other side, after the participant's read position.
  const participants = await db.from('conversation_participants').select('*')
  const messages = await db.from('messages').select('conversation_id', 'sender_id', 'id')
  const unreadOf = (participant: Record<string, any>) =>
    messages.filter(
      (message) =>
        Number(message.conversation_id) === Number(participant.conversation_id) &&
        Number(message.sender_id) === Number(participant.other_user_id) &&
        Number(message.id) > Number(participant.last_read_message_id)
    ).length
  const participantKey = (row: Record<string, unknown>) => `${row.conversation_id}/${row.user_id}`
  compare(
    'conversation_participants.unread_count',
    participants,
    participantKey,
    'unread_count',
    new Map(participants.map((row) => [participantKey(row), unreadOf(row)]))
  )

  const users = await db.from('users').select('*')
  compare(
    'users.posts_count',
    users,
    byId,
    'posts_count',
    await tally(
      db
        .from('posts')
        .where('status', 'published')
        .whereNull('deleted_at')
        .select('author_id')
        .count('* as total')
        .groupBy('author_id'),
      'author_id'
    )
  )
  compare(
    'users.likes_given_count',
    users,
    byId,
    'likes_given_count',
    await tally(
      db.from('post_likes').select('user_id').count('* as total').groupBy('user_id'),
      'user_id'
    )
  )
  compare(
    'users.comments_count',
    users,
    byId,
    'comments_count',
    await tally(
      db
        .from('comments')
        .whereNull('deleted_at')
        .select('author_id')
        .count('* as total')
        .groupBy('author_id'),
      'author_id'
    )
  )
  const unreadMessages = new Map<string, number>()
  for (const participant of participants) {
    const key = String(participant.user_id)
    unreadMessages.set(key, (unreadMessages.get(key) ?? 0) + unreadOf(participant))
  }
  compare('users.unread_messages_count', users, byId, 'unread_messages_count', unreadMessages)

  // Unread notifications, leaving out anyone on either side of a block.
  const blocks = await db.from('blocks').select('blocker_id', 'blocked_id')
  const blocked = (a: unknown, b: unknown) =>
    blocks.some(
      (block) =>
        (Number(block.blocker_id) === Number(a) && Number(block.blocked_id) === Number(b)) ||
        (Number(block.blocker_id) === Number(b) && Number(block.blocked_id) === Number(a))
    )
  const unreadNotifications = new Map<string, number>()
  for (const row of await db
    .from('notifications')
    .whereNull('read_at')
    .select('user_id', 'actor_id')) {
    if (row.actor_id !== null && blocked(row.user_id, row.actor_id)) continue
    const key = String(row.user_id)
    unreadNotifications.set(key, (unreadNotifications.get(key) ?? 0) + 1)
  }
  compare(
    'users.unread_notifications_count',
    users,
    byId,
    'unread_notifications_count',
    unreadNotifications
  )

  // The activity rollup: rows created on each stored day, bucketed here
  // by their creation day in JavaScript.
  const days = await db.from('activity_daily').select('*')
  if (days.length > 0) {
    for (const [column, table] of [
      ['posts', 'posts'],
      ['comments', 'comments'],
      ['likes', 'post_likes'],
      ['accounts', 'users'],
    ]) {
      const perDay = new Map<string, number>()
      for (const row of await db.from(table).select('created_at')) {
        const day = dbDateTime(row.created_at)!.toFormat('yyyy-MM-dd')
        perDay.set(day, (perDay.get(day) ?? 0) + 1)
      }
      compare(`activity_daily.${column}`, days, (row) => String(row.day), column, perDay)
    }
  }

  // The dashboard's content totals: the sums of 8 slot rows (a
  // transaction counts in one slot: migration 0126), tallied here from
  // the rows loaded above.
  const totals: Record<string, number> = {}
  const add = (column: string, value: number) => (totals[column] = (totals[column] ?? 0) + value)
  for (const post of posts) {
    if (post.status !== 'published' || post.deleted_at !== null) continue
    add('posts', 1)
    add('comments', Number(post.comments_count))
    add('likes', Number(post.likes_count))
  }
  add('messages', messages.length)
  for (const media of await db.from('media').select('kind')) {
    if (media.kind === 'image') add('photos', 1)
    if (media.kind === 'video') add('videos', 1)
  }
  const slots = await db.from('dashboard_totals').select('*')
  if (slots.length !== 8) wrong.push(`dashboard_totals: ${slots.length} slot rows ≠ 8`)
  for (const column of ['posts', 'comments', 'likes', 'messages', 'photos', 'videos']) {
    const stored = slots.reduce((sum, row) => sum + Number(row[column]), 0)
    const actual = totals[column] ?? 0
    if (stored !== actual) wrong.push(`dashboard_totals.${column} (8 slots): ${stored} ≠ ${actual}`)
  }

  return wrong
}
