import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A person's unread messages changed without their reading (a block
 * cleared what could not be opened any more): their tabs get the new
 * total (Broadcast). Dispatched after the change committed.
 */
export default class UnreadMessagesChanged extends BaseEvent {
  declare readonly userId: number
  declare readonly conversationId: number
  declare readonly unreadTotal: number

  constructor(data: EventData<UnreadMessagesChanged>) {
    super()
    Object.assign(this, data)
  }
}
