import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * An admin took a published post back to review: the author is told why.
 * Dispatched after the change committed.
 */
export default class PostUnpublished extends BaseEvent {
  declare readonly postId: number
  declare readonly authorId: number
  declare readonly moderatorId: number
  declare readonly reason: string

  constructor(data: EventData<PostUnpublished>) {
    super()
    Object.assign(this, data)
  }
}
