import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SqlStep } from '#services/db/sql_steps'

/**
 * Locks the rows whose counter is about to be recomputed, in a statement of
 * their own, before `UPDATE … SET n = (SELECT COUNT(*) …)`.
 *
 * On PostgreSQL (READ COMMITTED) an UPDATE that waits for another
 * transaction's lock on its row re-reads that row once the other commits,
 * but evaluates its `SELECT COUNT(*)` with the snapshot taken when the
 * statement started: the rows the other transaction just committed are not
 * counted, and the stored counter ends one short for good. The kill -9
 * storm test found it (users.unread_notifications_count 23 for 24 unread
 * rows after two notifications for one person were stored at once). With
 * the rows locked first, the UPDATE starts after the other commit, and its
 * snapshot sees it. Row order by id, so two recounts never deadlock.
 *
 * FOR NO KEY UPDATE, the lock an UPDATE of a counter takes anyway, not FOR
 * UPDATE: a foreign-key check (the INSERT of a notification, a like, a
 * comment) holds FOR KEY SHARE on the rows it points at, which FOR UPDATE
 * waits for and FOR NO KEY UPDATE does not. With FOR UPDATE, two
 * transactions that had both inserted a row pointing at one user each
 * waited for the other to upgrade its lock: 339 deadlocks (500s) in one
 * kill -9 storm on PostgreSQL, and the killed server's waiting connections
 * piled up to "too many clients".
 *
 * SQLite runs one write transaction at a time: nothing to do. Must run
 * inside the transaction that recounts (a lock outside one ends at once).
 */
export async function lockForRecount(client: QueryClientContract, table: string, ids: number[]) {
  if (client.dialect.name !== 'postgres' || ids.length === 0) return
  const { sql, bindings } = recountLockStep(table, ids)
  await client.rawQuery(sql, bindings as number[])
}

/** The statement of lockForRecount (PostgreSQL only; `ids` not empty), for a SqlSteps transaction. */
export function recountLockStep(table: string, ids: number[]): SqlStep {
  return {
    sql: `SELECT id FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id FOR NO KEY UPDATE`,
    bindings: ids,
  }
}
