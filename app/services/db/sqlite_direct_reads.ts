import type { Database } from 'better-sqlite3'
import db from '@adonisjs/lucid/services/db'
import { reportDirectStatement } from '#services/db/direct_statements'

/**
 * Reads run straight on the app's SQLite connection instead of through knex
 * and the pool: the two primary-key reads every signed-in request makes
 * before it does anything (its session row or, on the API, its access
 * token's row; its user row: `keyRead`), and
 * queries compiled once (app/services/db/query_templates.ts: `directRows`).
 *
 * Through the query builder each read paid for building the query, compiling
 * it to SQL, acquiring the pool's connection and, for the user, the ORM's
 * query machinery: 12–18% of a signed-in request that does nothing else
 * (S0's CPU profile, docs/benchmarks.md), for rows better-sqlite3 returns in
 * a few microseconds. Unlike a cache of sessions or users held in process,
 * this reads the row every time, so a revocation (sign-out, a disabled
 * account, a changed role, a counter) is seen on the very next request, on
 * every process sharing the file, with nothing to invalidate.
 *
 * Isolation: knex's better-sqlite3 pool holds one connection, which a
 * transaction keeps from BEGIN to COMMIT across awaits. While it does
 * (`inTransaction`), a read on it would see that transaction's uncommitted
 * writes, so `keyRead` answers `undefined` and the caller takes the normal
 * path, which waits for the connection as before. better-sqlite3 is
 * synchronous: between the check and the read nothing else can run.
 *
 * PostgreSQL (or no SQLite connection yet, or a closed one): `undefined`
 * too; the callers keep their query-builder path for it. So with a
 * connection in debug mode: its queries are reported (`db:query`) only
 * through the query builder, and a read that skipped it would go unseen
 * (the benchmark counts each request's queries that way).
 */
type Row = Record<string, unknown>

const SQL = {
  sessions: 'select * from `sessions` where `id` = ? limit 1',
  users: 'select * from `users` where `id` = ? limit 1',
  auth_access_tokens: 'select * from `auth_access_tokens` where `id` = ? limit 1',
} as const

export type KeyTable = keyof typeof SQL

type Connection = Pick<Database, 'open' | 'inTransaction' | 'prepare' | 'name' | 'transaction'>

/**
 * The app's better-sqlite3 connections by database file (each pool holds
 * one). Keyed by file, not by Lucid connection name: the pool callback
 * that adopts them is shared by every Lucid connection built from the
 * same config (tests open others on other files, and close them).
 */
const connections = new Map<string, Set<Connection>>()

/** Called by the pool's afterCreate (config/database.ts) for a SQLite connection. */
export function adoptDirectReadConnection(conn: Connection) {
  let files = connections.get(conn.name)
  if (!files) connections.set(conn.name, (files = new Set()))
  files.add(conn)
}

/** Reads and transactions run here since the process started (tests check the path is taken). */
export const directReadStats = { reads: 0, transactions: 0 }

/** An open connection to the file of Lucid's `connectionName`, free now (see above). */
function freeConnection(connectionName: string) {
  const node = db.getRawConnection(connectionName)
  if (!node || node.config.debug) return undefined
  const filename = (node.config.connection as { filename?: unknown } | undefined)?.filename
  const open = typeof filename === 'string' ? connections.get(filename) : undefined
  if (!open) return undefined
  for (const conn of open) {
    if (!conn.open) open.delete(conn)
    else if (!conn.inTransaction) return conn
  }
  return undefined
}

/**
 * The row of `table` whose primary key is `id` on the Lucid connection
 * `connectionName`, `null` when there is none,
 * or `undefined` when it cannot be read here (see above): use the
 * query builder then.
 */
export function keyRead(
  connectionName: string,
  table: KeyTable,
  id: string | number
): Row | null | undefined {
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const conn = freeConnection(connectionName)
  if (!conn) return undefined
  // The statement is prepared once (the connection's statement cache).
  const row = conn.prepare(SQL[table]).get(id) as Row | undefined
  directReadStats.reads++
  reportDirectStatement(connectionName, SQL[table], [id])
  return row ?? null
}

/** Bindings as knex's better-sqlite3 client passes them (dates as milliseconds, booleans as 0/1). */
function knexBindings(bindings: readonly unknown[]) {
  return bindings.map((value) =>
    value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value
  )
}

/** The statements of a direct transaction (`?` placeholders). */
export interface DirectStatements {
  /** The rows of a query (a SELECT, or a write with RETURNING; none for other writes). */
  all(sql: string, bindings?: readonly unknown[]): Row[]
}

/**
 * Runs `work` as one transaction (BEGIN IMMEDIATE … COMMIT, or ROLLBACK if
 * it throws) straight on the SQLite connection when it is free, and
 * returns what it returned; `undefined` when it cannot run here (the
 * caller runs its `db.transaction` instead). `work` is synchronous, like
 * better-sqlite3: nothing else runs on the connection, or in the process,
 * between its BEGIN and its COMMIT, so it is as isolated as a knex
 * transaction, without knex's transaction machinery (a new knex instance
 * per transaction: the largest share of a like toggle's CPU and of what
 * survives scavenges under writes, docs/benchmarks.md).
 */
export function directTransaction<T>(
  connectionName: string,
  work: (statements: DirectStatements) => T
): T | undefined {
  const conn = freeConnection(connectionName)
  if (!conn) return undefined
  const statements: DirectStatements = {
    all: (sql, bindings = []) => {
      reportDirectStatement(connectionName, sql, bindings)
      const statement = conn.prepare(sql)
      if (statement.reader) return statement.all(knexBindings(bindings)) as Row[]
      statement.run(knexBindings(bindings))
      return []
    },
  }
  directReadStats.transactions++
  reportDirectStatement(connectionName, 'BEGIN IMMEDIATE', [])
  let result: T
  try {
    result = conn.transaction(() => work(statements)).immediate()
  } catch (error) {
    reportDirectStatement(connectionName, 'ROLLBACK', [])
    throw error
  }
  reportDirectStatement(connectionName, 'COMMIT', [])
  return result
}

/**
 * The rows of a SELECT (`?` placeholders) on the connection `connectionName`,
 * or `undefined` when it cannot run here: use the query builder or a raw
 * query then. Bindings are passed as knex's better-sqlite3 client passes
 * them (dates as milliseconds, booleans as 0/1).
 */
export function directRows(
  connectionName: string,
  sql: string,
  bindings: readonly unknown[]
): Row[] | undefined {
  const conn = freeConnection(connectionName)
  if (!conn) return undefined
  const statement = conn.prepare(sql)
  if (!statement.reader) return undefined
  const rows = statement.all(knexBindings(bindings)) as Row[]
  directReadStats.reads++
  reportDirectStatement(connectionName, sql, bindings)
  return rows
}
