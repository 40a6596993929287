import db from '@adonisjs/lucid/services/db'
import UnreadMessagesChanged from '#events/unread_messages_changed'
import { unreadTotal } from '#queries/messages/conversations'

/**
 * A block closes the pair's conversation both ways (PRODUCT §7, §8): what
 * either side had not read yet stops counting (it could not be opened
 * any more), in one transaction with the users' badge totals; each side's
 * tabs get their new total.
 */
export default class ClearUnreadBetween {
  async handle(a: number, b: number) {
    const changed = await db.transaction(async (trx) => {
      const conversation = await trx
        .from('conversations')
        .where('user_low_id', Math.min(a, b))
        .where('user_high_id', Math.max(a, b))
        .select('id', 'last_message_id')
        .first()
      if (!conversation) return []
      const rows = await trx
        .from('conversation_participants')
        .where('conversation_id', conversation.id)
        .where('unread_count', '>', 0)
        .select('user_id', 'unread_count')
      for (const row of rows) {
        await trx
          .from('conversation_participants')
          .where('conversation_id', conversation.id)
          .where('user_id', row.user_id)
          .update({ unread_count: 0, last_read_message_id: conversation.last_message_id ?? 0 })
        await trx
          .from('users')
          .where('id', row.user_id)
          .increment('unread_messages_count', -Number(row.unread_count))
      }
      const totals: { userId: number; total: number; conversationId: number }[] = []
      for (const row of rows) {
        const userId = Number(row.user_id)
        totals.push({
          userId,
          total: await unreadTotal(userId, trx),
          conversationId: conversation.id,
        })
      }
      return totals
    })
    for (const { userId, total, conversationId } of changed) {
      await UnreadMessagesChanged.dispatch({ userId, conversationId, unreadTotal: total })
    }
  }
}
