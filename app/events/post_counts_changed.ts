import { BaseEvent } from '@adonisjs/core/events'
import type { PostCounts } from '#services/live_posts'
import type { EventData } from '#services/events'

/**
 * A post's like, comment or share count changed: the counts go out on its
 * channel.
 * Dispatched after the change committed.
 */
export default class PostCountsChanged extends BaseEvent {
  declare readonly postId: number
  /** The stored counts as the change committed them, when the emitter read them (else read by the listener). */
  declare readonly counts?: PostCounts

  constructor(data: EventData<PostCountsChanged>) {
    super()
    Object.assign(this, data)
  }
}
