import { dbNow } from '#services/db/db_time'
import type { SqlStep } from '#services/db/sql_steps'

/**
 * The statements behind every like toggle (app/services/db/sql_steps.ts):
 * whether the like exists, and a conditional write that says whether a row
 * really changed: `INSERT … ON CONFLICT DO NOTHING RETURNING` (SQLite ≥
 * 3.35 and PostgreSQL) or a keyed `DELETE … RETURNING`. Counters move only
 * when a row did, in the same transaction, so they always equal count(*)
 * of the like rows, whatever the concurrency (the primary key refuses
 * duplicates).
 */
type LikeTable = 'post_likes' | 'comment_likes'
type LikeColumn = 'post_id' | 'comment_id'

export function findLike(
  table: LikeTable,
  column: LikeColumn,
  subjectId: number,
  userId: number
): SqlStep {
  return {
    sql: `SELECT user_id FROM ${table} WHERE ${column} = ? AND user_id = ? LIMIT 1`,
    bindings: [subjectId, userId],
  }
}

export function insertLike(
  table: LikeTable,
  column: LikeColumn,
  subjectId: number,
  userId: number
): SqlStep {
  return {
    sql: `INSERT INTO ${table} (${column}, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (${column}, user_id) DO NOTHING RETURNING user_id`,
    bindings: [subjectId, userId, dbNow()],
  }
}

export function deleteLike(
  table: LikeTable,
  column: LikeColumn,
  subjectId: number,
  userId: number
): SqlStep {
  return {
    sql: `DELETE FROM ${table} WHERE ${column} = ? AND user_id = ? RETURNING user_id`,
    bindings: [subjectId, userId],
  }
}
