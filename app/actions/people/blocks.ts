import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { dbNow } from '#queries/feeds/db_time'
import { clearUnreadBetween } from '#actions/messages/clear_unread_between'
import { recountUnread } from '#queries/notifications'

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
  // Their conversation closes: its unread messages stop counting for both.
  await clearUnreadBetween(blocker.id, blocked.id)
  // Notifications between the two stop (or, on unblock, start again) counting.
  await recountUnread([blocker.id, blocked.id])
  return Array.isArray(created) ? created.length > 0 : Boolean(created)
}

export async function unblockUser(blocker: Pick<User, 'id'>, blocked: Pick<User, 'id'>) {
  const deleted = await db
    .from('blocks')
    .where('blocker_id', blocker.id)
    .where('blocked_id', blocked.id)
    .delete()
  await recountUnread([blocker.id, blocked.id])
  return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
}
