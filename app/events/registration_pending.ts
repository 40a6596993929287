import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * An external registration waits for an admin's approval: the admins are
 * told.
 * Dispatched after the change committed.
 */
export default class RegistrationPending extends BaseEvent {
  declare readonly userId: number

  constructor(data: EventData<RegistrationPending>) {
    super()
    Object.assign(this, data)
  }
}
