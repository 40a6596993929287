import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { onPostgres, onSqlite } from '#tests/helpers/dialect'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { directTransaction, keyRead } from '#services/db/sqlite_direct_reads'
import { pgRows } from '#services/db/pg_direct_reads'

/**
 * Statements run without knex (the direct paths of app/services/db/) are
 * counted like knex's by the tests that count what a page sends
 * (countQueries): they come through app/services/db/direct_statements.ts.
 * Real commits here (a global transaction turns the direct paths off).
 */
test.group('Database / statements run without knex are counted', (group) => {
  const made: number[] = []
  group.each.teardown(async () => {
    await db.from('users').whereIn('id', made).delete()
    made.length = 0
  })

  test('SQLite: a key read and a direct transaction, BEGIN and COMMIT included', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    const connection = db.primaryConnectionName

    const read = await countQueries(async () => keyRead(connection, 'users', user.id))
    assert.equal((read.result as { id: number } | null)?.id, user.id, 'read directly')
    assert.deepEqual(read.statements, ['select * from `users` where `id` = ? limit 1'])
    assert.deepEqual(read.queries[0].bindings, [user.id])

    const write = await countQueries(async () =>
      directTransaction(connection, (statements) =>
        statements.all('update users set bio = ? where id = ?', ['counted', user.id])
      )
    )
    assert.isDefined(write.result, 'run directly')
    assert.deepEqual(write.statements, [
      'BEGIN IMMEDIATE',
      'update users set bio = ? where id = ?',
      'COMMIT',
    ])

    const failed = await countQueries(async () => {
      try {
        directTransaction(connection, (statements) => {
          statements.all('update users set bio = ? where id = ?', ['rolled back', user.id])
          throw new Error('stop')
        })
      } catch {}
    })
    assert.deepEqual(failed.statements, [
      'BEGIN IMMEDIATE',
      'update users set bio = ? where id = ?',
      'ROLLBACK',
    ])
    const row = await db.from('users').where('id', user.id).first()
    assert.equal(row.bio, 'counted')
  }).skip(onPostgres(), 'the direct SQLite paths')

  test('PostgreSQL: a read through node-postgres', async ({ assert }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    const sql = 'select id from users where id = ?'
    const read = await countQueries(() => pgRows(db.primaryConnectionName, sql, [user.id]))
    assert.deepEqual(read.result, [{ id: user.id }])
    assert.deepEqual(read.statements, [sql])
  }).skip(onSqlite(), 'the direct PostgreSQL path')
})
