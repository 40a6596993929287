import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A team member's account became usable (webhooks' member.joined):
 * registered without verification or approval, or verified their address
 * afterwards.
 * Dispatched after the change committed.
 */
export default class MemberJoined extends BaseEvent {
  declare readonly userId: number

  constructor(data: EventData<MemberJoined>) {
    super()
    Object.assign(this, data)
  }
}
