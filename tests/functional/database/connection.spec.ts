import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

/** How the app's database connections are set up (config/database.ts). */
test.group('Database connections', () => {
  test('SQLite: WAL, foreign keys on, statements kept between queries', async ({ assert }) => {
    const dialect = db.connection().dialect.name
    if (dialect !== 'better-sqlite3') {
      assert.plan(0)
      return
    }
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
  })

  test('PostgreSQL: no JIT compilation for OLTP queries', async ({ assert }) => {
    if (db.connection().dialect.name !== 'postgres') {
      assert.plan(0)
      return
    }
    const result = await db.rawQuery('SHOW jit')
    assert.equal(result.rows[0].jit, 'off')
  })
})
