import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * Someone read a conversation further: the other person sees "Seen", the
 * reader's own tabs their new unread total (Broadcast).
 * Dispatched after the change committed.
 */
export default class ConversationRead extends BaseEvent {
  declare readonly conversationId: number
  declare readonly readerId: number
  declare readonly otherId: number
  declare readonly lastReadMessageId: number
  /** The reader's unread messages, all conversations. */
  declare readonly unreadTotal: number

  constructor(data: EventData<ConversationRead>) {
    super()
    Object.assign(this, data)
  }
}
