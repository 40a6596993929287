import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { rollupActivity } from '#services/activity_rollup'

/**
 * Fills the admin dashboard's daily activity rollup (activity_daily) for
 * the days that ended since the last run (app/services/activity_rollup.ts).
 * Scheduled hourly by start/scheduler.ts, dispatched by the dashboard when
 * yesterday is missing; safe to run again at any time.
 */
export default class RollupActivityJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'RollupActivityJob', queue: 'default' }

  async execute() {
    const days = await rollupActivity()
    if (days > 0) logger.debug({ days }, 'activity rollup updated')
  }
}
