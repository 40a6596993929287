import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A post waits for moderation (the admins' queue count changes).
 * Dispatched after the change committed.
 */
export default class PostPending extends BaseEvent {
  declare readonly postId: number

  constructor(data: EventData<PostPending>) {
    super()
    Object.assign(this, data)
  }
}
