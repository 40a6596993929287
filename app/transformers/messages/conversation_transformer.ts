import { BaseTransformer } from '@adonisjs/core/transformers'
import { isoTime, type ConversationRecord } from '#queries/messages/conversations'
import PersonTransformer from '#transformers/person_transformer'

/** The first line of a message, shortened; "Sent an attachment" for a file-only message. */
export function previewText(body: string, attachments: number) {
  const text = String(body ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return attachments === 1 ? 'Sent an attachment' : `Sent ${attachments} attachments`
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

/**
 * A line of Messages/Index (`Data.Messages.Conversation`): the other
 * person, the unread count, when it last moved, and the last message's
 * first line (and whether the viewer wrote it).
 */
export default class ConversationTransformer extends BaseTransformer<ConversationRecord> {
  toObject() {
    const row = this.resource
    const last = row.lastMessage
    return {
      id: row.id,
      other: new PersonTransformer(row.other).toObject(),
      unreadCount: row.unreadCount,
      lastMessageAt: row.lastMessageAt ? isoTime(row.lastMessageAt) : null,
      preview: last
        ? { fromMe: last.fromMe, text: previewText(last.body, last.attachmentsCount) }
        : null,
    }
  }
}
