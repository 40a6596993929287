import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockRowsForChange } from '#services/db/row_lock'

/**
 * Whether an active administrator other than `userId` remains, read while
 * holding the rows of every active administrator (in id order) until `trx`
 * ends: PostgreSQL row locks; SQLite runs one write transaction at a time.
 * UserPolicy refuses to demote or block the last one, but it reads before
 * the change: two administrators demoting or blocking each other at the
 * same moment would both pass it. The change checks again here, inside its
 * own transaction.
 */
export async function anotherActiveAdmin(trx: TransactionClientContract, userId: number) {
  const rows = await lockRowsForChange(
    trx
      .from('users')
      .where('role', 'admin')
      .where('is_active', true)
      .whereNull('deleted_at')
      .whereNull('deletion_requested_at')
      .orderBy('id')
      .select('id')
  )
  return rows.some((row) => Number(row.id) !== userId)
}

/** Whether `target` is one whose demotion or block the check above must guard. */
export function isActiveAdmin(target: { role: string; isActive: boolean }) {
  return target.role === 'admin' && target.isActive
}
