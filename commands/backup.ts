import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * A consistent online backup of the database and the media into one
 * archive, while the app keeps serving (README "Backups", docs/deploying.md):
 *
 *   npm run ace -- backup                       storage/backups/huddle-backup-<UTC>.tar.gz
 *   npm run ace -- backup --output /srv/backups/huddle.tar.gz
 *
 * Exit codes: 0 done, 1 failed, 5 pg_dump missing or too old, 6 media on S3
 * (back the bucket up on its side and pass --skip-media).
 */
export default class Backup extends BaseCommand {
  static commandName = 'backup'
  static description = 'Back up the database and the media into one archive, while the app serves'
  static options: CommandOptions = { startApp: true }

  @flags.string({
    description: 'Archive to write (default storage/backups/huddle-backup-<UTC time>.tar.gz)',
  })
  declare output?: string

  @flags.boolean({ description: 'Leave the media out (media kept on S3)' })
  declare skipMedia: boolean

  async run() {
    const { createBackup } = await import('#services/backup/backup')
    const { BackupError } = await import('#services/backup/manifest')
    const started = Date.now()
    try {
      const { file, bytes, manifest } = await createBackup({
        output: this.output,
        skipMedia: this.skipMedia,
      })
      const media = manifest.parts.find((part) => part.files !== undefined)
      this.logger.info(
        `${manifest.dialect} database (migration batch ${manifest.migrations.batch}; ${Object.entries(
          manifest.counts
        )
          .map(([table, count]) => `${count} ${table}`)
          .join(', ')}), ${media?.files ?? 0} media file(s)`
      )
      this.logger.success(
        `Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s)`
      )
    } catch (error) {
      if (!(error instanceof BackupError)) throw error
      this.logger.error(error.message)
      this.exitCode = error.exitCode
    }
  }
}
