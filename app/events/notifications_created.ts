import { BaseEvent } from '@adonisjs/core/events'
import type Notification from '#models/notification'
import type { EventData } from '#services/events'

/**
 * Notifications were stored (one, or the same notice for many people):
 * each recipient's private channel gets it live with their new unread
 * count (Broadcast), and the recipients with no visible tab get a Web Push
 * (Push). Dispatched by Notify / NotifyMany after the commit.
 */
export default class NotificationsCreated extends BaseEvent {
  /** The stored rows, one per recipient, all of the same kind and target. */
  declare readonly notifications: Notification[]
  /** Each recipient's unread count as the storing transaction recounted it. */
  declare readonly unread: Map<number, number>
  /** The id of the unread group the (single) notification replaced, if any. */
  declare readonly replaces: number | null

  constructor(data: EventData<NotificationsCreated>) {
    super()
    Object.assign(this, data)
  }
}
