import db from '@adonisjs/lucid/services/db'
import { unreadTotal } from '#queries/messages/conversations'
import ConversationRead from '#events/conversation_read'
import { lockRowsForChange } from '#services/db/row_lock'

/**
 * The reader has seen the conversation up to `upTo` (default: its last
 * message). In one transaction their read position moves forward (never
 * back) and their unread count is recounted exactly from the messages the
 * other person sent after it. Then, after the commit, ConversationRead
 * (its listener: `MessagesRead` to the other person, their "Seen";
 * `UnreadMessagesChanged` to the reader's own tabs, the badge).
 */
export default class MarkConversationRead {
  async handle(
    readerId: number,
    otherId: number,
    conversationId: number,
    upTo: number | null = null
  ) {
    const result = await db.transaction(async (trx) => {
      const conversation = await trx
        .from('conversations')
        .where('id', conversationId)
        .select('last_message_id')
        .firstOrFail()
      const last = Number(conversation.last_message_id ?? 0)
      const target = upTo === null ? last : Math.min(upTo, last)
      const query = trx
        .from('conversation_participants')
        .where('conversation_id', conversationId)
        .where('user_id', readerId)
        .select('last_read_message_id', 'unread_count')
      // PostgreSQL: two tabs marking read at once must not both subtract the
      // same count (SQLite serialises write transactions already).
      lockRowsForChange(query)
      const mine = await query.firstOrFail()
      const previous = Number(mine.last_read_message_id)
      if (target <= previous && Number(mine.unread_count) === 0) {
        return { changed: false, lastReadMessageId: previous, total: 0 }
      }
      const lastRead = Math.max(previous, target)
      const remaining = await trx
        .from('messages')
        .where('conversation_id', conversationId)
        .where('sender_id', otherId)
        .where('id', '>', lastRead)
        .count('* as total')
        .first()
      const unread = Number(remaining?.total ?? 0)
      await trx
        .from('conversation_participants')
        .where('conversation_id', conversationId)
        .where('user_id', readerId)
        .update({ last_read_message_id: lastRead, unread_count: unread })
      const delta = Number(mine.unread_count) - unread
      if (delta !== 0) {
        await trx.from('users').where('id', readerId).increment('unread_messages_count', -delta)
      }
      return {
        changed: true,
        lastReadMessageId: lastRead,
        total: await unreadTotal(readerId, trx),
      }
    })
    if (!result.changed) {
      return { lastReadMessageId: result.lastReadMessageId, changed: false, unreadTotal: null }
    }

    await ConversationRead.dispatch({
      conversationId,
      readerId,
      otherId,
      lastReadMessageId: result.lastReadMessageId,
      unreadTotal: result.total,
    })
    return { lastReadMessageId: result.lastReadMessageId, changed: true, unreadTotal: result.total }
  }
}
