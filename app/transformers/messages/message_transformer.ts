import { BaseTransformer } from '@adonisjs/core/transformers'
import { isoTime, type MessageRecord } from '#queries/messages/conversations'
import MediaTransformer from '#transformers/media_transformer'

/**
 * A private message as the conversation page, its history pages and the
 * `MessageSent` event carry it (`Data.Messages.Message`): plain-text body,
 * files by URLs of the authorising media route.
 */
export default class MessageTransformer extends BaseTransformer<MessageRecord> {
  toObject() {
    const message = this.resource
    return {
      id: message.id,
      conversationId: message.conversationId,
      senderId: message.senderId,
      body: message.body,
      createdAt: isoTime(message.createdAt),
      attachments: message.attachments.map((item) => new MediaTransformer(item).toObject()),
    }
  }
}
