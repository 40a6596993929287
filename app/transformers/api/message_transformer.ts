import { BaseTransformer } from '@adonisjs/core/transformers'
import { isoTime, type MessageRecord } from '#queries/messages/conversations'
import { apiMedia } from '#transformers/api/media_transformer'

/** A private message (the conversation page's read model), ids as strings. */
export default class ApiMessageTransformer extends BaseTransformer<MessageRecord> {
  toObject() {
    const message = this.resource
    return {
      id: String(message.id),
      conversationId: String(message.conversationId),
      senderId: String(message.senderId),
      body: message.body,
      createdAt: isoTime(message.createdAt),
      attachments: apiMedia(message.attachments),
    }
  }
}

export function apiMessage(message: MessageRecord) {
  return new ApiMessageTransformer(message).toObject()
}
