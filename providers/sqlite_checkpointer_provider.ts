import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The HTTP process on SQLite checkpoints its WAL from a worker thread
 * (app/services/sqlite_checkpointer.ts). If the worker cannot start, the
 * app's connections keep SQLite's own automatic checkpoints.
 */
export default class SqliteCheckpointerProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    const { default: dbConfig } = await import('#config/database')
    if (dbConfig.connection !== 'sqlite') return
    const filename = (dbConfig.connections.sqlite.connection as { filename: string }).filename
    const logger = await this.app.container.make('logger')
    const { startSqliteCheckpointer } = await import('#services/sqlite_checkpointer')
    try {
      await startSqliteCheckpointer({
        filename,
        onExit: () => logger.warn('SQLite checkpoint worker exited; SQLite checkpoints inline'),
      })
    } catch (error) {
      logger.warn({ err: error }, 'SQLite checkpoint worker not started; SQLite checkpoints inline')
    }
  }

  async shutdown() {
    const { stopSqliteCheckpointer } = await import('#services/sqlite_checkpointer')
    await stopSqliteCheckpointer()
  }
}
