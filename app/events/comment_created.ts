import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A comment was added to a post: its counts go out live, its author is told.
 * Dispatched after the change committed.
 */
export default class CommentCreated extends BaseEvent {
  declare readonly commentId: number
  declare readonly postId: number
  declare readonly postAuthorId: number
  /** Who commented. */
  declare readonly authorId: number

  constructor(data: EventData<CommentCreated>) {
    super()
    Object.assign(this, data)
  }
}
