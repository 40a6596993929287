import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { sweepOrphanMedia } from '#services/media_sweep'

/**
 * Deletes stored files no row points at, older than an hour: what an
 * upload or a deletion interrupted by a crash leaves behind
 * (app/services/media_sweep.ts). Scheduled hourly by start/scheduler.ts.
 */
export default class SweepOrphanMediaJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'SweepOrphanMediaJob', queue: 'default' }

  async execute() {
    const report = await sweepOrphanMedia()
    if (report.deleted > 0) {
      logger.info({ deleted: report.deleted, scanned: report.scanned }, 'swept orphan media files')
    }
  }
}
