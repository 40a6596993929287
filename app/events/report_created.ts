import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A report came in (the admins' queue count changes).
 * Dispatched after the change committed.
 */
export default class ReportCreated extends BaseEvent {
  declare readonly reportId: number

  constructor(data: EventData<ReportCreated>) {
    super()
    Object.assign(this, data)
  }
}
