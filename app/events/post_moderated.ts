import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * An admin approved or rejected a pending post: the author is told; an
 * approved post goes out in the feeds and its tags are told.
 * Dispatched after the change committed.
 */
export default class PostModerated extends BaseEvent {
  declare readonly postId: number
  declare readonly authorId: number
  declare readonly moderatorId: number | null
  declare readonly decision: 'approved' | 'rejected'
  declare readonly reason?: string | null

  constructor(data: EventData<PostModerated>) {
    super()
    Object.assign(this, data)
  }
}
