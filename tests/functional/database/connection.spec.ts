import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { visiblePosts } from '#queries/feeds/visible_posts'
import { SESSION_WITH_USER_SQL } from '#services/db/session_with_user'
import { isPreparedText, PREPARED_MARKER, statementName } from '#services/pg_prepared_statements'
import { UserFactory } from '#database/factories/user_factory'

/** Skips a test unless the suite runs on that dialect (checked when the test runs). */
const not = (dialect: string) => () => db.connection().dialect.name !== dialect

/** How the app's database connections are set up (config/database.ts). */
test.group('Database connections', () => {
  test('SQLite: WAL, foreign keys on, statements kept between queries', async ({ assert }) => {
    const [mode] = await db.rawQuery('PRAGMA journal_mode')
    assert.equal(mode.journal_mode, 'wal')
    const [keys] = await db.rawQuery('PRAGMA foreign_keys')
    assert.equal(keys.foreign_keys, 1)

    const knex = db.connection().getWriteClient()
    const connection = await knex.client.acquireConnection()
    try {
      assert.strictEqual(
        connection.prepare('SELECT 1 AS one'),
        connection.prepare('SELECT 1 AS one')
      )
    } finally {
      await knex.client.releaseConnection(connection)
    }
  }).skip(not('better-sqlite3'), 'SQLite only')

  test('PostgreSQL: no JIT compilation for OLTP queries, one plan per prepared statement', async ({
    assert,
  }) => {
    const result = await db.rawQuery('SHOW jit')
    assert.equal(result.rows[0].jit, 'off')
    const plans = await db.rawQuery('SHOW plan_cache_mode')
    assert.equal(plans.rows[0].plan_cache_mode, 'force_generic_plan')
  }).skip(not('postgres'), 'PostgreSQL only')

  test('PostgreSQL: queries with the visibility rule are prepared once per connection', async ({
    assert,
  }) => {
    const viewer = { id: 1, role: 'member' as const } // the rule needs no row for the viewer
    await db.transaction(async (trx) => {
      // one connection: the transaction's
      await visiblePosts(viewer, trx).orderBy('posts.id', 'desc').limit(5)
      await visiblePosts(viewer, trx).orderBy('posts.id', 'desc').limit(5)
      const prepared = await trx.rawQuery(
        "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'huddle_%'"
      )
      assert.isAtLeast(prepared.rows.length, 1)
      for (const row of prepared.rows) {
        assert.isTrue(isPreparedText(row.statement), row.statement)
        assert.equal(row.name, statementName(row.statement))
      }
      const plain = await trx.rawQuery(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%pg_prepared_statements%'"
      )
      const [{ n }] = plain.rows
      assert.equal(n, 0) // queries without the rule stay unnamed
    })
  }).skip(not('postgres'), 'PostgreSQL only')

  test('PostgreSQL: the session, user and comment files reads of every request are prepared too', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    try {
      await db.transaction(async (trx) => {
        await trx.rawQuery(SESSION_WITH_USER_SQL.pg, ['no-such-session'])
        await trx.from('users').where('id', user.id).first()
        await trx
          .from('media')
          .whereIn('comment_id', [1, 2])
          .orderBy('comment_id', 'asc')
          .orderBy('position', 'asc')
          .orderBy('id', 'asc')
        const prepared = await trx.rawQuery(
          "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'huddle_%' ORDER BY statement"
        )
        const statements = prepared.rows.map((row: { statement: string }) => row.statement)
        assert.includeMembers(statements, [
          SESSION_WITH_USER_SQL.pg.replace('?', '$1'),
          'select * from "users" where "id" = $1 limit $2',
          'select * from "media" where "comment_id" in ($1, $2) order by "comment_id" asc, "position" asc, "id" asc',
        ])
      })
    } finally {
      await user.delete()
    }
  }).skip(not('postgres'), 'PostgreSQL only')

  test('PostgreSQL: a prepared statement whose columns changed is run unnamed instead', async ({
    assert,
  }) => {
    // A pooled connection: set up by config/database.ts like every other.
    const knex = db.connection().getWriteClient()
    const connection: any = await knex.client.acquireConnection()
    const run = (text: string, values: unknown[] = []) =>
      new Promise<any[]>((resolve, reject) =>
        connection.query({ text, values }, (error: Error | null, result: any) =>
          error ? reject(error) : resolve(result.rows)
        )
      )
    try {
      await run('CREATE TEMP TABLE cards (id int)')
      await run('INSERT INTO cards VALUES (1)')
      const text = `SELECT * FROM cards WHERE id = $1 OR EXISTS (SELECT 1 ${PREPARED_MARKER} cards.id)`
      assert.deepEqual(await run(text, [1]), [{ id: 1 }])
      const prepared = await run('SELECT name FROM pg_prepared_statements WHERE statement = $1', [
        text,
      ])
      assert.deepEqual(prepared, [{ name: statementName(text) }])
      // Search keeps a plan per execution: not named.
      const search = `SELECT id FROM cards WHERE to_tsquery('simple', $1) @@ to_tsvector('simple', 'x')
        OR EXISTS (SELECT 1 ${PREPARED_MARKER} cards.id)`
      assert.deepEqual(await run(search, ['x']), [{ id: 1 }])
      assert.deepEqual(
        await run('SELECT name FROM pg_prepared_statements WHERE statement = $1', [search]),
        []
      )
      await run('ALTER TABLE cards ADD COLUMN title text')
      assert.deepEqual(await run(text, [1]), [{ id: 1, title: null }])
      assert.deepEqual(await run(text, [1]), [{ id: 1, title: null }])
    } finally {
      await run('DROP TABLE IF EXISTS cards')
      await knex.client.releaseConnection(connection)
    }
  }).skip(not('postgres'), 'PostgreSQL only')
})
