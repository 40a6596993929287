import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { conversationBetween } from '#database/factories/message_factory'
import { dbTime } from '#services/db/db_time'
import { isUniqueViolation } from '#services/db/errors'
import { sqlitePlan } from '#tests/functional/feeds/query_counter'
import { onPostgres } from '#tests/helpers/dialect'

/**
 * Migration 0127: five indexes on a key that is NULL for nearly every row
 * hold only the rows where it is set. A new post no longer writes an entry
 * into three of them; what they were for must still hold: the queries that
 * use them still find their rows through them, and a duplicate key is
 * still refused where it is set.
 */
const PARTIAL = [
  ['posts', 'posts_author_id_shared_post_id_unique', 'shared_post_id'],
  ['posts', 'posts_shared_post_id_index', 'shared_post_id'],
  ['posts', 'posts_author_client_key_unique', 'client_key'],
  ['comments', 'comments_author_client_key_unique', 'client_key'],
  ['messages', 'messages_sender_client_key_unique', 'client_key'],
] as const

/** The queries these indexes serve (app/queries/feeds/post_cards.ts, share_post, publication, idempotency). */
const USES = [
  {
    name: "a card's viewer_shared flag",
    sql: `SELECT COALESCE((SELECT 1 FROM posts AS csp WHERE csp.author_id = ? AND csp.deleted_at IS NULL
            AND csp.shared_post_id = COALESCE(posts.shared_post_id, posts.id) LIMIT 1), 0) AS shared
          FROM posts WHERE posts.id = ?`,
    bindings: [1, 1],
    index: 'posts_(author_id_shared_post_id_unique|shared_post_id_index)',
  },
  {
    name: "a member's earlier share of a post",
    sql: 'SELECT id FROM posts WHERE author_id = ? AND shared_post_id = ?',
    bindings: [1, 1],
    index: 'posts_author_id_shared_post_id_unique',
  },
  {
    name: 'the shares of a post (recount, deletion)',
    sql: `SELECT COUNT(*) AS total FROM posts AS s WHERE s.shared_post_id = ?
            AND s.status = 'published' AND s.deleted_at IS NULL`,
    bindings: [1],
    index: 'posts_shared_post_id_index',
  },
  {
    name: 'a post sent again with its Idempotency-Key',
    sql: 'SELECT id FROM posts WHERE author_id = ? AND client_key = ?',
    bindings: [1, 'key-12345'],
    index: 'posts_author_client_key_unique',
  },
  {
    name: 'a comment sent again with its Idempotency-Key',
    sql: 'SELECT id FROM comments WHERE author_id = ? AND client_key = ?',
    bindings: [1, 'key-12345'],
    index: 'comments_author_client_key_unique',
  },
  {
    name: 'a message sent again with its Idempotency-Key',
    sql: 'SELECT id FROM messages WHERE sender_id = ? AND client_key = ?',
    bindings: [1, 'key-12345'],
    index: 'messages_sender_client_key_unique',
  },
]

async function indexDefinition(name: string): Promise<string> {
  const sql = onPostgres()
    ? 'SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ?'
    : "SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND name = ?"
  const result = await db.rawQuery(sql, [name])
  const rows = onPostgres() ? result.rows : result
  return rows[0]?.definition ?? ''
}

/**
 * PostgreSQL plans by statistics: rows where the keys are NULL, as in real
 * data (2,000 posts, comments and messages without a key), analysed, so
 * the plan shows what the planner picks for them.
 */
async function rowsWithoutKeys() {
  const [ana, ben] = await UserFactory.createMany(2)
  const conversationId = await conversationBetween(ana, ben)
  await db.rawQuery(
    `INSERT INTO posts (author_id, created_at) SELECT ?, now() FROM generate_series(1, 2000)`,
    [ana.id]
  )
  await db.rawQuery(
    `INSERT INTO comments (post_id, author_id, created_at)
     SELECT id, ?, now() FROM posts WHERE author_id = ?`,
    [ben.id, ana.id]
  )
  await db.rawQuery(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at)
     SELECT ?, ?, 'Hello', now() FROM generate_series(1, 2000)`,
    [conversationId, ana.id]
  )
  await db.rawQuery('ANALYZE posts, comments, messages')
}

async function postgresPlan(sql: string, bindings: unknown[]) {
  await rowsWithoutKeys()
  const { rows } = await db.rawQuery(`EXPLAIN ${sql}`, bindings as any)
  return rows.map((row: any) => row['QUERY PLAN']).join('\n')
}

/** Runs `insert` in a savepoint; returns the error it raised, if any (the savepoint is rolled back). */
async function refusal(insert: (trx: any) => Promise<unknown>) {
  try {
    await db.transaction(async (trx) => {
      await insert(trx)
    })
    return null
  } catch (error) {
    return error
  }
}

test.group('Database / partial indexes on nullable keys (0127)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{name} holds only the rows where its key is set')
    .with(PARTIAL.map(([table, name, column]) => ({ table, name, column })))
    .run(async ({ assert }, { table, name, column }) => {
      const definition = await indexDefinition(name)
      assert.match(definition, new RegExp(` ON (public\\.)?${table} `), definition)
      assert.match(definition, new RegExp(`WHERE \\(?${column} IS NOT NULL\\)?$`), definition)
    })

  test('{name} is still answered through an index')
    .with(USES)
    .run(async ({ assert }, { sql, bindings, index }) => {
      const text = onPostgres()
        ? await postgresPlan(sql, bindings)
        : await sqlitePlan(sql, bindings)
      if (onPostgres()) {
        // By statistics: whichever small index it picks, never every row.
        assert.match(text, /Index (Only )?Scan/, text)
        assert.notInclude(text, 'Seq Scan', text)
      } else {
        assert.match(text, new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index} `), text)
      }
    })

  test('a key that is set is still unique; rows without one never collide', async ({ assert }) => {
    const [ana, ben] = await UserFactory.createMany(2)
    const now = dbTime(DateTime.now())
    const post = (values: Record<string, unknown>) => (trx: any) =>
      trx.table('posts').insert({ author_id: ana.id, created_at: now, ...values })

    // Posts: two without a key, then a key used twice.
    assert.isNull(await refusal(post({ client_key: null })))
    assert.isNull(await refusal(post({ client_key: null })))
    assert.isNull(await refusal(post({ client_key: 'key-posts-1' })))
    assert.isTrue(isUniqueViolation(await refusal(post({ client_key: 'key-posts-1' }))))
    // Another author may use the same key.
    assert.isNull(
      await refusal((trx) =>
        trx.table('posts').insert({ author_id: ben.id, created_at: now, client_key: 'key-posts-1' })
      )
    )

    // Shares: one per member and original; posts that are not shares never collide.
    const [original] = await db
      .table('posts')
      .insert({ author_id: ben.id, created_at: now })
      .returning('id')
    const originalId = Number(typeof original === 'object' ? original.id : original)
    assert.isNull(await refusal(post({ shared_post_id: originalId })))
    assert.isTrue(isUniqueViolation(await refusal(post({ shared_post_id: originalId }))))

    // Comments.
    const comment = (key: string | null) => (trx: any) =>
      trx
        .table('comments')
        .insert({ post_id: originalId, author_id: ana.id, created_at: now, client_key: key })
    assert.isNull(await refusal(comment(null)))
    assert.isNull(await refusal(comment(null)))
    assert.isNull(await refusal(comment('key-comments-1')))
    assert.isTrue(isUniqueViolation(await refusal(comment('key-comments-1'))))

    // Messages.
    const conversationId = await conversationBetween(ana, ben)
    const message = (key: string | null) => (trx: any) =>
      trx.table('messages').insert({
        conversation_id: conversationId,
        sender_id: ana.id,
        body: 'Hello',
        created_at: now,
        client_key: key,
      })
    assert.isNull(await refusal(message(null)))
    assert.isNull(await refusal(message(null)))
    assert.isNull(await refusal(message('key-messages-1')))
    assert.isTrue(isUniqueViolation(await refusal(message('key-messages-1'))))
  })
})
