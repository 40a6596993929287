import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * Someone is typing a message to `recipientId` ("Ana is typing…" on the
 * recipient's channel, Broadcast). Throttled by the messages controller.
 */
export default class UserTyping extends BaseEvent {
  declare readonly user: { id: number; fullName: string; username: string }
  declare readonly recipientId: number

  constructor(data: EventData<UserTyping>) {
    super()
    Object.assign(this, data)
  }
}
