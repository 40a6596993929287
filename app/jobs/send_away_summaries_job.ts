import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { sendAwaySummaries } from '#services/away_summaries'

/**
 * E-mail when away (issue 15 §3): one summary mail per person who has been
 * away, every 5 minutes (start/scheduler.ts; each run claimed by one
 * worker, each notification claimed before it is mailed).
 */
export default class SendAwaySummariesJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'SendAwaySummariesJob', queue: 'default' }

  async execute() {
    const run = await sendAwaySummaries()
    if (run.mailed) logger.info(run, 'away summaries mailed')
  }
}
