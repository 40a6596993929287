import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { databaseSessions } from '#tests/helpers/sessions'
import { onSqlite } from '#tests/helpers/dialect'
import { teamFeed } from '#queries/feeds/feeds'
import { makePost } from '#tests/functional/feeds/fixtures'
import { clearTemplates } from '#services/db/query_templates'
import { pgDirectStats, pgRows } from '#services/db/pg_direct_reads'

/**
 * On PostgreSQL the session's row with its user's and the compiled feed
 * queries are read through node-postgres on a connection of knex's pool,
 * without Lucid's raw query or knex's runner
 * (app/services/db/pg_direct_reads.ts). Real commits here (a global
 * transaction turns the direct path off), so each test removes what it made.
 */
const PG_ONLY = 'the direct reads through node-postgres exist on PostgreSQL only'

test.group('Database / PostgreSQL reads without knex', (group) => {
  const made: number[] = []
  const sessionIds: string[] = []
  group.each.setup(() => clearTemplates())
  group.each.teardown(async () => {
    await db.from('sessions').whereIn('id', sessionIds).delete()
    await db.from('posts').whereIn('author_id', made).delete()
    await db.from('users').whereIn('id', made).delete()
    made.length = 0
    sessionIds.length = 0
  })

  test('a session and its user are one read through node-postgres', async ({ assert }) => {
    const user = await UserFactory.merge({ fullName: 'Read Directly' }).create()
    made.push(user.id)
    const id = `pg-direct-${process.pid}`
    sessionIds.push(id)
    const { store: writer } = await databaseSessions()
    await writer.write(id, { auth_web: user.id })
    await writer.tag(id, String(user.id))

    const before = pgDirectStats.reads
    const { store } = await databaseSessions({})
    assert.deepEqual(await store.read(id), { auth_web: user.id })
    assert.equal(pgDirectStats.reads - before, 1)

    // Every read is a new one: a session deleted behind the app is gone at once.
    await db.from('sessions').where('id', id).delete()
    const { store: later } = await databaseSessions({})
    assert.isNull(await later.read(id))
  }).skip(onSqlite(), PG_ONLY)

  test('a feed page is read through node-postgres and matches the query builder', async ({
    assert,
  }) => {
    const [reader, writer] = await UserFactory.createMany(2)
    made.push(reader.id, writer.id)
    const posts = []
    for (let i = 0; i < 3; i++) posts.push(await makePost(writer))

    const before = pgDirectStats.reads
    const direct = await teamFeed(reader)
    assert.equal(pgDirectStats.reads - before, 1)
    assert.deepEqual(
      direct.posts.slice(0, 3).map((card) => card.id),
      posts.map((post) => post.id).reverse()
    )

    // The same page through Lucid (a global transaction turns the direct path off).
    await db.beginGlobalTransaction()
    try {
      const reads = pgDirectStats.reads
      const throughLucid = await teamFeed(reader)
      assert.equal(pgDirectStats.reads, reads)
      assert.deepEqual(JSON.parse(JSON.stringify(throughLucid)), JSON.parse(JSON.stringify(direct)))
    } finally {
      await db.rollbackGlobalTransaction()
    }
  }).skip(onSqlite(), PG_ONLY)

  test('inside a global transaction its uncommitted rows are seen, through Lucid', async ({
    assert,
  }) => {
    await db.beginGlobalTransaction()
    try {
      const user = await UserFactory.merge({ fullName: 'Not Committed' }).create()
      const id = `pg-direct-trx-${process.pid}`
      const { store: writer } = await databaseSessions()
      await writer.write(id, { auth_web: user.id })
      const before = pgDirectStats.reads
      const { store } = await databaseSessions({})
      assert.deepEqual(await store.read(id), { auth_web: user.id })
      assert.equal(pgDirectStats.reads, before)
    } finally {
      await db.rollbackGlobalTransaction()
    }
  }).skip(onSqlite(), PG_ONLY)

  test('a failed read rejects with the database error and gives its connection back', async ({
    assert,
  }) => {
    const node = db.getRawConnection(db.primaryConnectionName)!
    const pool = node.connection!.pool!
    const max = node.config.pool?.max ?? 10
    // More failures than the pool has connections: a connection kept would starve the next read.
    for (let i = 0; i < max + 2; i++) {
      await assert.rejects(
        () => pgRows(db.primaryConnectionName, 'select * from no_such_table where id = ?', [i]),
        /no_such_table/
      )
    }
    assert.equal(pool.numUsed(), 0)
    assert.deepEqual(await pgRows(db.primaryConnectionName, 'select ? :: int as one', [1]), [
      { one: 1 },
    ])
  })
    .skip(onSqlite(), PG_ONLY)
    .timeout(15_000)

  test('a read does not run here on SQLite, on a connection in debug mode, or unconnected', async ({
    assert,
  }) => {
    assert.isUndefined(await pgRows('no_such_connection', 'select 1', []))
    const { config } = db.getRawConnection(db.primaryConnectionName)!
    const debug = config.debug
    config.debug = true
    try {
      // Its queries are reported only through Lucid (the benchmark counts them so).
      assert.isUndefined(await pgRows(db.primaryConnectionName, 'select 1', []))
    } finally {
      config.debug = debug
    }
    const onThisDatabase = await pgRows(db.primaryConnectionName, 'select 1 as one', [])
    if (onSqlite()) assert.isUndefined(onThisDatabase)
    else assert.deepEqual(onThisDatabase, [{ one: 1 }])
  })
})
