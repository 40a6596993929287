import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Scheduled job (PRODUCT §2): anonymises the accounts whose 30-day deletion
 * grace period is over. Safe to run as often as you like; run it daily, e.g.
 *
 *   15 3 * * *  cd /srv/huddle && npm run ace -- accounts:purge >> storage/logs/purge.log 2>&1
 */
export default class PurgeDeletedAccounts extends BaseCommand {
  static commandName = 'accounts:purge'
  static description = 'Anonymise accounts whose deletion was requested more than 30 days ago'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({
    description: 'List the accounts that would be purged without changing anything',
  })
  declare dryRun: boolean

  async run() {
    const { default: PurgeAction } = await import('#actions/admin/purge_deleted_accounts')
    const purged = await new PurgeAction().handle({ dryRun: this.dryRun })
    if (purged.length === 0) {
      this.logger.info('No account is due for purging.')
      return
    }
    for (const account of purged) {
      this.logger.info(
        `${this.dryRun ? 'Would purge' : 'Purged'} account #${account.id} (deletion requested ${account.deletionRequestedAt})`
      )
    }
    this.logger.success(`${this.dryRun ? 'Would purge' : 'Purged'} ${purged.length} account(s).`)
  }
}
