import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import LiftExpiredBlocks from '#actions/admin/people/lift_expired_blocks'

/**
 * Lifts the administrators' blocks whose end date has passed, so the
 * person's posts and presence come back before they sign in again (the
 * sign-in lifts an expired block by itself too). Scheduled hourly by
 * start/scheduler.ts; safe to run again at any time.
 */
export default class LiftExpiredBlocksJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'LiftExpiredBlocksJob', queue: 'default' }

  async execute() {
    const lifted = await new LiftExpiredBlocks().handle()
    if (lifted > 0) logger.info({ accounts: lifted }, 'lifted expired blocks')
  }
}
