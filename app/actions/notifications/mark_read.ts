import db from '@adonisjs/lucid/services/db'
import { dbNow } from '#services/db/db_time'
import NotificationsRead from '#events/notifications_read'
import { recountUnread } from '#queries/notifications'

/**
 * Marks one of the user's notifications read (`id`; a no-op when it
 * already is) or all of them (`'all'`), recounts their unread count and,
 * when something changed, dispatches NotificationsRead (their other tabs
 * and devices). Returns how many changed.
 */
export default class MarkNotificationsRead {
  async handle(userId: number, which: number | 'all'): Promise<number> {
    const query = db.from('notifications').where('user_id', userId).whereNull('read_at')
    if (which !== 'all') query.where('id', which)
    const count = affected(await query.update({ read_at: dbNow() }))
    if (count > 0) {
      await recountUnread([userId])
      await NotificationsRead.dispatch({ userId, ids: which === 'all' ? 'all' : [which] })
    }
    return count
  }
}

function affected(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
