import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * Someone liked a post (not an unlike). Notifies the post's author.
 * Dispatched after the change committed.
 */
export default class PostLiked extends BaseEvent {
  declare readonly postId: number
  declare readonly postAuthorId: number
  /** Who liked it. */
  declare readonly userId: number

  constructor(data: EventData<PostLiked>) {
    super()
    Object.assign(this, data)
  }
}
