import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import db from '@adonisjs/lucid/services/db'
import { directStatements, type DirectStatement } from '#services/db/direct_statements'
import { cachedModerationCounts, forgetModerationCounts } from '#queries/admin/moderation_counts'
import { clearSettingsCache, getSettings } from '#services/settings'
import { refreshTeamPanel } from '#services/team_panel'

export interface SentQuery {
  sql: string
  bindings: unknown[]
}

/**
 * Counts the SQL statements the app sends while `work` runs, from knex's
 * own `query` event (fired for every statement, inside transactions too,
 * without turning on Lucid's debug output) and from the direct paths that
 * run without knex (app/services/db/direct_statements.ts: the key reads,
 * the compiled feed reads, the direct transactions). `queries` keeps each
 * statement's bindings too, to EXPLAIN it as sent. The moderation counts'
 * cache is warmed first (see below).
 */
export async function countQueries<T>(work: () => Promise<T>) {
  // The admin menu's counts, the team settings and the team panel (shared
  // props) are cached per process (15 s, 10 s, 30 s): all filled anew now
  // (not merely still valid, which may end a moment later), so that a
  // measured page never pays for them only because a cache expired during
  // a slow test.
  forgetModerationCounts()
  await cachedModerationCounts()
  clearSettingsCache()
  await getSettings()
  await refreshTeamPanel()
  const knexClient = (db.connection().getWriteClient() as any).client
  const queries: SentQuery[] = []
  const listener = (query: { sql: string; bindings?: unknown[] }) =>
    queries.push({ sql: query.sql, bindings: query.bindings ?? [] })
  const connection = db.primaryConnectionName
  const direct = (message: unknown) => {
    const statement = message as DirectStatement
    if (statement.connection === connection) {
      queries.push({ sql: statement.sql, bindings: [...statement.bindings] })
    }
  }
  knexClient.on('query', listener)
  subscribe(directStatements.name, direct)
  try {
    const result = await work()
    const statements = queries.map((query) => query.sql)
    return { result, count: queries.length, statements, queries }
  } finally {
    knexClient.removeListener('query', listener)
    unsubscribe(directStatements.name, direct)
  }
}

/** SQLite's query plan of `sql` (EXPLAIN QUERY PLAN), one step per line. */
export async function sqlitePlan(sql: string, bindings: unknown[] = []) {
  const plan = await db.rawQuery(`EXPLAIN QUERY PLAN ${sql}`, bindings as any)
  return (plan as { detail: string }[]).map((row) => row.detail).join('\n')
}
