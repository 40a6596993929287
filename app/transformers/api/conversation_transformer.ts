import { BaseTransformer } from '@adonisjs/core/transformers'
import { isoTime, type ConversationRecord } from '#queries/messages/conversations'
import { previewText } from '#transformers/messages/conversation_transformer'
import { apiPerson } from '#transformers/api/person_transformer'

/** A line of the owner's conversations (Messages/Index's read model), ids as strings. */
export default class ApiConversationTransformer extends BaseTransformer<ConversationRecord> {
  toObject() {
    const row = this.resource
    const last = row.lastMessage
    return {
      id: String(row.id),
      other: apiPerson(row.other)!,
      unreadCount: row.unreadCount,
      lastMessageAt: row.lastMessageAt ? isoTime(row.lastMessageAt) : null,
      preview: last
        ? { fromMe: last.fromMe, text: previewText(last.body, last.attachmentsCount) }
        : null,
    }
  }
}

export function apiConversation(row: ConversationRecord) {
  return new ApiConversationTransformer(row).toObject()
}
