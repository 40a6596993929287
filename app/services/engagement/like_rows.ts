import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { dbNow, rawRows } from '#services/db/db_time'

/**
 * The conditional write behind every like toggle: `INSERT … ON CONFLICT DO
 * NOTHING RETURNING` (SQLite ≥ 3.35 and PostgreSQL) or a keyed DELETE, and
 * whether a row really changed. Counters move only when it did, in the same
 * transaction, so they always equal count(*) of the like rows, whatever the
 * concurrency (the primary key refuses duplicates).
 */
export async function insertLike(
  trx: TransactionClientContract,
  table: 'post_likes' | 'comment_likes',
  column: 'post_id' | 'comment_id',
  subjectId: number,
  userId: number
): Promise<boolean> {
  const result = await trx.rawQuery(
    `INSERT INTO ${table} (${column}, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (${column}, user_id) DO NOTHING RETURNING user_id`,
    [subjectId, userId, dbNow()]
  )
  return rawRows(result).length > 0
}

export async function deleteLike(
  trx: TransactionClientContract,
  table: 'post_likes' | 'comment_likes',
  column: 'post_id' | 'comment_id',
  subjectId: number,
  userId: number
): Promise<boolean> {
  const affected = await trx.from(table).where(column, subjectId).where('user_id', userId).delete()
  const count = Array.isArray(affected) ? Number(affected[0]) : Number(affected)
  return count > 0
}

export async function hasLike(
  trx: TransactionClientContract,
  table: 'post_likes' | 'comment_likes',
  column: 'post_id' | 'comment_id',
  subjectId: number,
  userId: number
) {
  const row = await trx.from(table).where(column, subjectId).where('user_id', userId).first()
  return !!row
}
