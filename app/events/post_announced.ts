import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * An admin published an announcement post: every member who may see it is
 * told.
 * Dispatched after the change committed.
 */
export default class PostAnnounced extends BaseEvent {
  declare readonly postId: number
  declare readonly authorId: number

  constructor(data: EventData<PostAnnounced>) {
    super()
    Object.assign(this, data)
  }
}
