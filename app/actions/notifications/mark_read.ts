import db from '@adonisjs/lucid/services/db'
import { dbNow } from '#queries/feeds/db_time'
import { pushRead } from '#actions/notifications/live'
import { recountUnread } from '#queries/notifications'

/**
 * Marks one of the user's notifications read (a no-op when it already
 * is), and tells their other tabs and devices.
 */
export async function markRead(userId: number, id: number) {
  const changed = await db
    .from('notifications')
    .where('id', id)
    .where('user_id', userId)
    .whereNull('read_at')
    .update({ read_at: dbNow() })
  if (affected(changed) > 0) {
    await recountUnread([userId])
    await pushRead(userId, [id])
  }
}

/** Marks all of the user's notifications read; returns how many changed. */
export async function markAllRead(userId: number) {
  const changed = await db
    .from('notifications')
    .where('user_id', userId)
    .whereNull('read_at')
    .update({ read_at: dbNow() })
  const count = affected(changed)
  if (count > 0) {
    await recountUnread([userId])
    await pushRead(userId, 'all')
  }
  return count
}

function affected(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
