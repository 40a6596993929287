import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'
import type MessageTransformer from '#transformers/messages/message_transformer'
import type PersonTransformer from '#transformers/person_transformer'

/**
 * A private message was stored: it goes out on both participants' own
 * channels (Broadcast) and the recipient is told (Notify).
 * Dispatched after the change committed.
 */
export default class MessageSent extends BaseEvent {
  declare readonly messageId: number
  declare readonly conversationId: number
  declare readonly senderId: number
  declare readonly recipientId: number
  /** The message as the conversation page shows it. */
  declare readonly message: ReturnType<MessageTransformer['toObject']>
  declare readonly from: ReturnType<PersonTransformer['toObject']>
  declare readonly to: ReturnType<PersonTransformer['toObject']>
  /** The recipient's unread total as the storing transaction counted it (their badge). */
  declare readonly recipientUnread: number
  /** The sending browser's socket (X-Socket-ID): its own copy is not echoed back. */
  declare readonly socketId: string | null

  constructor(data: EventData<MessageSent>) {
    super()
    Object.assign(this, data)
  }
}
