import db from '@adonisjs/lucid/services/db'

/**
 * The database the suite runs on, for tests that only make sense on one of
 * them (a SQLite query plan, the FTS5 queue). Such a test is declared
 * skipped on the other, so the count says so:
 *
 *   test('…', async () => { … }).skip(onPostgres(), SQLITE_PLAN)
 *
 * never `if (onPostgres()) return` inside it (it would pass without
 * asserting anything; eslint.config.js refuses that pattern in tests/).
 * Test files are imported once the app has booted, so this is known then.
 */
export function onPostgres() {
  return db.connection().dialect.name === 'postgres'
}

export function onSqlite() {
  return !onPostgres()
}

/** Why a SQLite query-plan test is skipped on PostgreSQL. */
export const SQLITE_PLAN =
  'SQLite query plan (EXPLAIN QUERY PLAN); PostgreSQL plans depend on statistics'
