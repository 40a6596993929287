import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A person read notifications (`ids`, or all of them): their other tabs
 * and devices get the new unread count (Broadcast). Dispatched after the
 * change committed.
 */
export default class NotificationsRead extends BaseEvent {
  declare readonly userId: number
  declare readonly ids: number[] | 'all'

  constructor(data: EventData<NotificationsRead>) {
    super()
    Object.assign(this, data)
  }
}
