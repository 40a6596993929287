import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Restores an archive of `node ace backup` into a fresh instance (README
 * "Backups", docs/deploying.md). Stop the app first. The archive is
 * verified before anything is changed, and the database is replaced in one
 * step; then the pending migrations run and `counters:repair --dry-run`
 * checks the counters.
 *
 *   npm run ace -- restore storage/backups/huddle-backup-20261125-2000.tar.gz
 *
 * Exit codes: 0 restored, 1 failed, 2 unreadable or corrupt archive,
 * 3 backup of the other database (SQLite vs PostgreSQL), 4 the instance
 * has users or media (--force replaces them), 5 pg_restore/psql missing,
 * 6 media cannot go to an S3 disk.
 */
export default class Restore extends BaseCommand {
  static commandName = 'restore'
  static description = 'Restore a backup archive into a fresh instance (database and media)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The archive written by `node ace backup`' })
  declare archive: string

  @flags.boolean({ description: 'Replace a database with users and a media folder with files' })
  declare force: boolean

  async run() {
    const { restoreBackup } = await import('#services/backup/restore')
    const { BackupError } = await import('#services/backup/manifest')
    let manifest
    try {
      manifest = await restoreBackup({ archive: this.archive, force: this.force })
    } catch (error) {
      if (!(error instanceof BackupError)) throw error
      this.logger.error(error.message)
      this.exitCode = error.exitCode
      return
    }
    const media = manifest.parts.find((part) => part.files !== undefined)
    this.logger.success(
      `Restored the ${manifest.dialect} database of ${manifest.createdAt} (${manifest.app.name} ${manifest.app.version}, migration batch ${manifest.migrations.batch}) and ${media?.files ?? 0} media file(s).`
    )

    const migrate = await this.kernel.exec('migration:run', ['--force', '--no-schema-generate'])
    if (migrate.exitCode !== 0) {
      this.logger.error('The pending migrations failed (above); the restored data is in place.')
      this.exitCode = 1
      return
    }
    const counters = await this.kernel.exec('counters:repair', ['--dry-run'])
    if (counters.exitCode !== 0) {
      this.logger.error('counters:repair --dry-run failed (above).')
      this.exitCode = 1
    }
  }
}
