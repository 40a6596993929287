import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Recomputes every stored counter (likes, comments, shares, media and
 * attachments, posts, unread messages and notifications) from the rows it
 * counts, and reports what it fixed. The write paths keep them exact; run
 * this after restoring a backup, editing rows by hand or an interrupted
 * import. Each counter is one set-based UPDATE, all in one transaction;
 * safe to run at any time, as often as you like:
 *
 *   npm run ace -- counters:repair --dry-run
 *   npm run ace -- counters:repair
 */
export default class RepairCounters extends BaseCommand {
  static commandName = 'counters:repair'
  static description = 'Recompute every stored counter from its rows and report what was wrong'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Report the wrong counters without changing anything' })
  declare dryRun: boolean

  async run() {
    const { repairCounters } = await import('#services/counter_repair')
    const reports = await repairCounters({ dryRun: this.dryRun })
    if (reports.length === 0) {
      this.logger.info('Every counter equals its rows.')
      return
    }
    const verb = this.dryRun ? 'Would fix' : 'Fixed'
    let total = 0
    for (const report of reports) {
      total += report.drifted
      const examples = report.examples
        .map((example) => `${example.key}: ${example.stored} → ${example.actual}`)
        .join('; ')
      const more = report.drifted > report.examples.length ? '; …' : ''
      this.logger.info(`${verb} ${report.counter} on ${report.drifted} row(s) (${examples}${more})`)
    }
    this.logger.success(`${verb} ${total} counter value(s) in ${reports.length} column(s).`)
  }
}
