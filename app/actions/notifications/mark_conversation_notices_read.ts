import db from '@adonisjs/lucid/services/db'
import { dbNow } from '#services/db/db_time'
import NotificationsRead from '#events/notifications_read'
import { recountUnread } from '#queries/notifications'

/**
 * The reader has read a conversation to its end: its "new message"
 * notifications are read too (the bell no longer counts what the
 * conversation showed), and their other tabs are told. Left unread while
 * the conversation still holds unread messages (read only part of it).
 * Returns the ids marked read.
 */
export default class MarkConversationNoticesRead {
  async handle(userId: number, conversationId: number) {
    const participant = await db
      .from('conversation_participants')
      .where('conversation_id', conversationId)
      .where('user_id', userId)
      .select('unread_count')
      .first()
    if (!participant || Number(participant.unread_count) > 0) return []
    const rows = await db
      .from('notifications')
      .where('user_id', userId)
      .where('kind', 'message_received')
      .where('target_type', 'conversation')
      .where('target_id', conversationId)
      .whereNull('read_at')
      .select('id')
    const ids = rows.map((row) => Number(row.id))
    if (ids.length === 0) return []
    const changed = await db
      .from('notifications')
      .whereIn('id', ids)
      .whereNull('read_at')
      .update({ read_at: dbNow() })
    if ((Number(Array.isArray(changed) ? changed[0] : changed) || 0) === 0) return []
    await recountUnread([userId])
    await NotificationsRead.dispatch({ userId, ids })
    return ids
  }
}
