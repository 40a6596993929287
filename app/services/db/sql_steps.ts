import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { rawRows } from '#services/db/db_time'
import { directTransaction } from '#services/db/sqlite_direct_reads'

type Row = Record<string, any>

/** One statement of a transaction (`?` placeholders); what it gives back is its rows. */
export interface SqlStep {
  sql: string
  bindings: readonly unknown[]
}

/**
 * A transaction written once as a generator: it yields its statements one
 * by one and receives each one's rows (a write returns rows with
 * RETURNING), then returns its result. `runSqlSteps` drives it either
 * synchronously, straight on SQLite (`directTransaction`), or through
 * `db.transaction` (PostgreSQL, or a connection busy in another
 * transaction): the same statements, in the same order, either way.
 */
export type SqlSteps<T> = Generator<SqlStep, T, Row[]>

/** Runs the transaction `steps` makes (see SqlSteps) and returns its result. */
export async function runSqlSteps<T>(
  steps: () => SqlSteps<T>,
  connectionName: string = db.primaryConnectionName
): Promise<T> {
  const direct = directTransaction(connectionName, (statements) => {
    const run = steps()
    let next = run.next()
    while (!next.done) next = run.next(statements.all(next.value.sql, next.value.bindings))
    return { result: next.value }
  })
  if (direct) return direct.result
  return db.connection(connectionName).transaction((trx) => driveSqlSteps(steps(), trx))
}

/** Runs `run`'s statements one by one on `client` (inside its caller's transaction, if any). */
export async function driveSqlSteps<T>(run: SqlSteps<T>, client: QueryClientContract): Promise<T> {
  let next = run.next()
  while (!next.done) {
    const { sql, bindings } = next.value
    next = run.next(rawRows<Row>(await client.rawQuery(sql, bindings as RawQueryBindings)))
  }
  return next.value
}
