import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * Someone liked a comment. Notifies the comment's author.
 * Dispatched after the change committed.
 */
export default class CommentLiked extends BaseEvent {
  declare readonly commentId: number
  declare readonly postId: number
  declare readonly commentAuthorId: number
  /** Who liked it. */
  declare readonly userId: number

  constructor(data: EventData<CommentLiked>) {
    super()
    Object.assign(this, data)
  }
}
