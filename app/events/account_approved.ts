import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * An admin approved a pending account: its owner is told.
 * Dispatched after the change committed.
 */
export default class AccountApproved extends BaseEvent {
  declare readonly userId: number
  declare readonly adminId: number | null

  constructor(data: EventData<AccountApproved>) {
    super()
    Object.assign(this, data)
  }
}
