import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { dbNow } from '#queries/feeds/db_time'

/**
 * Blocking (PRODUCT §8): symmetric hiding of posts, comments, shares and
 * messages, applied by the visibility queries from the `blocks` rows.
 * Both operations are idempotent.
 */
export async function blockUser(blocker: Pick<User, 'id'>, blocked: Pick<User, 'id'>) {
  if (blocker.id === blocked.id) throw new Error('Cannot block oneself')
  const created = await db
    .table('blocks')
    .insert({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: dbNow() })
    .onConflict(['blocker_id', 'blocked_id'])
    .ignore()
  return Array.isArray(created) ? created.length > 0 : Boolean(created)
}

export async function unblockUser(blocker: Pick<User, 'id'>, blocked: Pick<User, 'id'>) {
  const deleted = await db
    .from('blocks')
    .where('blocker_id', blocker.id)
    .where('blocked_id', blocked.id)
    .delete()
  return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
}
