import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { sendWeeklyDigests } from '#services/weekly_digest'

/**
 * The weekly team digest (issue 15 §3), when the team turned it on:
 * Mondays (start/scheduler.ts; each run claimed by one worker, each
 * person's digest claimed before it is mailed).
 */
export default class SendWeeklyDigestsJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'SendWeeklyDigestsJob', queue: 'default' }

  async execute() {
    const run = await sendWeeklyDigests()
    if (run.mailed) logger.info(run, 'weekly digests mailed')
  }
}
