import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import PurgeDeletedAccounts from '#actions/admin/purge_deleted_accounts'

/**
 * Anonymises the accounts whose 30-day deletion grace period is over
 * (the action behind `accounts:purge`). Scheduled daily by
 * start/scheduler.ts; safe to run again at any time.
 */
export default class PurgeDeletedAccountsJob extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'PurgeDeletedAccountsJob', queue: 'default' }

  async execute() {
    const purged = await new PurgeDeletedAccounts().handle({ dryRun: false })
    if (purged.length > 0) logger.info({ accounts: purged.length }, 'purged deleted accounts')
  }
}
