import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * Posts or reports left a moderation queue (approved, rejected, unpublished,
 * decided…).
 * Dispatched after the change committed.
 */
export default class ModerationQueueChanged extends BaseEvent {
  declare readonly reason: string

  constructor(data: EventData<ModerationQueueChanged>) {
    super()
    Object.assign(this, data)
  }
}
