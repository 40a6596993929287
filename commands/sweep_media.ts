import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Deletes stored files that no row references (what an upload or a
 * deletion interrupted by a crash leaves behind), older than the grace
 * period (default 60 minutes: younger files may belong to uploads still in
 * flight). Runs hourly on its own (start/scheduler.ts); by hand:
 *
 *   npm run ace -- media:sweep --dry-run
 *   npm run ace -- media:sweep --older-than=0      (every app process stopped)
 */
export default class SweepMedia extends BaseCommand {
  static commandName = 'media:sweep'
  static description = 'Delete stored media files that no row references'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'List the orphan files without deleting them' })
  declare dryRun: boolean

  @flags.number({ description: 'Only files older than this many minutes (default 60)' })
  declare olderThan?: number

  async run() {
    if (this.olderThan !== undefined && !(this.olderThan >= 0)) {
      this.logger.error('--older-than takes a number of minutes, 0 or more.')
      this.exitCode = 1
      return
    }
    const { sweepOrphanMedia, DEFAULT_GRACE_MS } = await import('#services/media_sweep')
    const report = await sweepOrphanMedia({
      dryRun: this.dryRun,
      olderThanMs: this.olderThan === undefined ? DEFAULT_GRACE_MS : this.olderThan * 60_000,
    })
    for (const key of report.orphans) {
      this.logger.info(`${this.dryRun ? 'Would delete' : 'Deleted'} ${key}`)
    }
    this.logger.success(
      `${report.scanned} file(s) scanned, ${report.orphans.length} orphan(s)${this.dryRun ? '' : `, ${report.deleted} deleted`}.`
    )
  }
}
