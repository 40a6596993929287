import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A post was shared: the original's counts go out live, its author is told
 * (once the share is published).
 * Dispatched after the change committed.
 */
export default class PostShared extends BaseEvent {
  declare readonly shareId: number
  declare readonly originalId: number
  declare readonly originalAuthorId: number
  declare readonly sharerId: number
  /** False while the share waits for moderation. */
  declare readonly published: boolean

  constructor(data: EventData<PostShared>) {
    super()
    Object.assign(this, data)
  }
}
