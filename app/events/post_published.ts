import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A post (or share) became visible in the feeds: its id goes out on the feed
 * channels.
 * Dispatched after the change committed.
 */
export default class PostPublished extends BaseEvent {
  declare readonly postId: number
  declare readonly authorId: number
  declare readonly audience: 'team' | 'public'

  constructor(data: EventData<PostPublished>) {
    super()
    Object.assign(this, data)
  }
}
