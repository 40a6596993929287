import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { databasePath } from '#services/paths'
import { prepareRuleStatements } from '#services/pg_prepared_statements'
import { installPgRowShapes } from '#services/db/pg_row_shapes'
import { cacheStatements } from '#services/sqlite_statement_cache'
import { adoptSqliteConnection } from '#services/sqlite_checkpointer'
import { adoptDirectReadConnection } from '#services/db/sqlite_direct_reads'

/** The job queue's own tables (config/queue.ts): not models. */
const QUEUE_TABLES = ['queue_jobs', 'queue_schedules']

/**
 * SQLite (a file, WAL mode) is the embedded default; PostgreSQL is one
 * environment variable away (DB_CONNECTION=pg, PG_URL=postgres://…).
 */
const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION'),
  prettyPrintDebugQueries: !app.inProduction,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: databasePath() },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) => {
          conn.pragma('journal_mode = WAL')
          conn.pragma('synchronous = NORMAL')
          conn.pragma('foreign_keys = ON')
          conn.pragma('busy_timeout = 5000')
          // Checkpoints run in a worker while it is up (see the service).
          adoptSqliteConnection(conn)
          // knex prepares every query anew; keep the statements (see the service).
          cacheStatements(conn)
          // The session and user rows of each request, read without knex (see the service).
          adoptDirectReadConnection(conn)
          done(null, conn)
        },
      },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      // The FTS5 index and its shadow tables are not models.
      schemaGeneration: {
        excludeTables: [
          'posts_fts',
          'posts_fts_config',
          'posts_fts_data',
          'posts_fts_docsize',
          'posts_fts_idx',
          'posts_fts_pending',
          ...QUEUE_TABLES,
        ],
      },
    },
    pg: {
      client: 'pg',
      connection: env.get('PG_URL') ?? '',
      pool: {
        // No JIT compilation for this OLTP workload: a feed query whose cost
        // estimate crossed jit_above_cost spent 680 ms compiling to run in
        // 0.4 ms (npm run bench S1-PG, docs/benchmarks.md).
        afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) => {
          // Queries with the visibility rule are planned once per connection (see the service).
          prepareRuleStatements(conn)
          // Result rows copied from a fast-mode template (see the service).
          installPgRowShapes()
          conn.query(
            'SET jit = off; SET plan_cache_mode = force_generic_plan',
            (error: Error | null) => done(error, conn)
          )
        },
      },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      schemaGeneration: { excludeTables: QUEUE_TABLES },
    },
  },
})

export default dbConfig
