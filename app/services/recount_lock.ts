import type { QueryClientContract } from '@adonisjs/lucid/types/database'

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
 * SQLite runs one write transaction at a time: nothing to do. Must run
 * inside the transaction that recounts (a lock outside one ends at once).
 */
export async function lockForRecount(client: QueryClientContract, table: string, ids: number[]) {
  if (client.dialect.name !== 'postgres' || ids.length === 0) return
  await client.rawQuery(
    `SELECT id FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`,
    ids
  )
}
