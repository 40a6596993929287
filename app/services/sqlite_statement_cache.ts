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
 * Keeping it only pays if SQLite does not compile it again on every run,
 * and it did: see `withStablePlan` below.
 *
 * Safe to share because better-sqlite3 is synchronous: knex runs each
 * statement to completion with `.all()` / `.run()` before anything else can
 * use it, and SQLite re-prepares a statement by itself after a schema change
 * (migrations, tests that rebuild tables). The cache is bounded (least
 * recently used statements are dropped once it is full: until then the
 * order is that of first use): queries with IN lists of varying length
 * produce many distinct texts.
 */
export const STATEMENT_CACHE_SIZE = 500

/**
 * The SQL with every `?` placeholder written as `+?`, or the SQL unchanged
 * when it has none or uses a form this does not rewrite (numbered `?NNN`
 * parameters, an unterminated quote or comment). Quoted strings, quoted
 * identifiers and comments are skipped, so a `?` inside them stays as it is.
 *
 * Why: while planning, SQLite looks at the value bound to a parameter in
 * many places (a LIMIT, a WHERE term on an indexed column when the
 * database has ANALYZE statistics, OR terms compared with other terms,
 * LIKE patterns) and then marks the statement to be compiled again whenever
 * that parameter is bound anew (sqlite3VdbeReprepareOnBind; SQLite's answer
 * is the QPSG option, which better-sqlite3 cannot set). better-sqlite3 binds
 * every parameter on every run, so those statements were compiled on every
 * execution and the cache above saved nothing for them. SQLite only peeks at
 * a parameter that stands alone; `+?` is the same value (unary plus is a
 * no-op for every type and, like a bare parameter, has no affinity), gets
 * the same plan, and is never peeked at. Measured on the benchmark database
 * (docs/benchmarks.md): home feed page 284 → 79 µs, a post with its card
 * 171 → 9 µs, a comment page 113 → 43 µs, the signed-in user by id 37 →
 * 6 µs, same rows and same query plans.
 */
export function withStablePlan(sql: string): string {
  let out = ''
  let from = 0
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const end = sql.indexOf(c === '[' ? ']' : c, i + 1)
      if (end === -1) return sql
      i = end + 1 // a doubled quote inside is two adjacent quoted parts
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end + 1
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      if (end === -1) return sql
      i = end + 2
    } else if (c === '?') {
      if (/\d/.test(sql[i + 1] ?? '')) return sql
      out += sql.slice(from, i) + '+?'
      from = ++i
    } else {
      i++
    }
  }
  return from === 0 ? sql : out + sql.slice(from)
}

export function cacheStatements(connection: Database, size = STATEMENT_CACHE_SIZE) {
  const prepare = connection.prepare.bind(connection)
  const cache = new Map<string, Statement>()
  connection.prepare = ((source: string) => {
    const cached = cache.get(source)
    if (cached) {
      // Most recently used last, so the first key is the one to evict; only
      // once the cache is full, when an eviction can follow. Moving a key on
      // every hit (delete, set) left a deleted slot each time, and the map's
      // table was rebuilt every few hundred queries: tables that outlived
      // two scavenges and filled the old generation (docs/benchmarks.md).
      if (cache.size >= size) {
        cache.delete(source)
        cache.set(source, cached)
      }
      return cached
    }
    const statement = prepare(withStablePlan(source))
    cache.set(source, statement)
    if (cache.size > size) cache.delete(cache.keys().next().value!)
    return statement
  }) as Database['prepare']
  return cache
}
