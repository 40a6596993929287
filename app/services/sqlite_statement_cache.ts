import type { Database, Statement } from 'better-sqlite3'

/**
 * Prepared statements reused across queries on a better-sqlite3 connection.
 *
 * knex's better-sqlite3 dialect calls `connection.prepare(sql)` for every
 * query it runs, and preparing is often dearer than running: the home feed's
 * statement (the whole visibility rule, twice) took longer to prepare than
 * to execute, and `prepare` was ~10% of a feed request's CPU (npm run
 * bench:profile, docs/benchmarks.md). The SQL text knex generates for a
 * given query shape is identical from one request to the next (values are
 * bound, not inlined), so the statement can be kept.
 *
 * Safe to share because better-sqlite3 is synchronous: knex runs each
 * statement to completion with `.all()` / `.run()` before anything else can
 * use it, and SQLite re-prepares a statement by itself after a schema change
 * (migrations, tests that rebuild tables). The cache is bounded (least
 * recently used statements are dropped): queries with IN lists of varying
 * length produce many distinct texts.
 */
export const STATEMENT_CACHE_SIZE = 500

export function cacheStatements(connection: Database, size = STATEMENT_CACHE_SIZE) {
  const prepare = connection.prepare.bind(connection)
  const cache = new Map<string, Statement>()
  connection.prepare = ((source: string) => {
    const cached = cache.get(source)
    if (cached) {
      // Most recently used last, so the first key is the one to evict.
      cache.delete(source)
      cache.set(source, cached)
      return cached
    }
    const statement = prepare(source)
    cache.set(source, statement)
    if (cache.size > size) cache.delete(cache.keys().next().value!)
    return statement
  }) as Database['prepare']
  return cache
}
