import db from '@adonisjs/lucid/services/db'
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
  return db.connection(connectionName).transaction(async (trx) => {
    const run = steps()
    let next = run.next()
    while (!next.done) {
      const { sql, bindings } = next.value
      next = run.next(rawRows<Row>(await trx.rawQuery(sql, bindings as RawQueryBindings)))
    }
    return next.value
  })
}
