import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'

/**
 * A report was resolved: the reporter is told.
 * Dispatched after the change committed.
 */
export default class ReportResolved extends BaseEvent {
  declare readonly reportId: number
  declare readonly reporterId: number
  declare readonly resolverId: number | null
  /** What was done, in words the reporter is shown ("The post was removed."). */
  declare readonly outcome?: string | null

  constructor(data: EventData<ReportResolved>) {
    super()
    Object.assign(this, data)
  }
}
