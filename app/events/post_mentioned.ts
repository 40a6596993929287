import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * People were tagged in a post (they are told once the post is published and
 * visible to them).
 * Dispatched after the change committed.
 */
export default class PostMentioned extends BaseEvent {
  declare readonly postId: number
  declare readonly authorId: number
  /** People newly tagged (on an edit: only the ones added). */
  declare readonly userIds: number[]

  constructor(data: EventData<PostMentioned>) {
    super()
    Object.assign(this, data)
  }
}
