import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'

/** Lucid's own bookkeeping tables, never touched by requests. */
const INTERNAL_TABLES = new Set(['adonis_schema', 'adonis_schema_versions'])

/**
 * Table names through a plain query, so it also works inside a global
 * transaction (getAllTables() would wait for a second pool connection).
 */
async function userTables(ignore: string[]) {
  const postgres = db.connection().dialect.name === 'postgres'
  const result = await db.rawQuery(
    postgres
      ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
  )
  const rows: { name: string }[] = postgres ? result.rows : result
  return rows
    .map((row) => row.name)
    .filter((table) => !INTERNAL_TABLES.has(table) && !ignore.includes(table))
    .sort()
}

function stableRow(row: Record<string, unknown>) {
  const ordered = Object.keys(row)
    .sort()
    .map((key) => [key, row[key] instanceof Date ? (row[key] as Date).toISOString() : row[key]])
  return JSON.stringify(ordered)
}

/**
 * Row count and a content hash of every table (minus `ignore`): two equal
 * snapshots mean no row was inserted, deleted or updated in between.
 */
export async function tableSnapshot(ignore: string[] = ['sessions']) {
  const snapshot: Record<string, { rows: number; hash: string }> = {}
  for (const table of await userTables(ignore)) {
    const rows: Record<string, unknown>[] = await db.from(table).select('*')
    const hash = createHash('sha256')
    for (const line of rows.map(stableRow).sort()) hash.update(line).update('\n')
    snapshot[table] = { rows: rows.length, hash: hash.digest('hex').slice(0, 16) }
  }
  return snapshot
}

/** Tables whose snapshot differs between two snapshots. */
export function changedTables(
  before: Record<string, { rows: number; hash: string }>,
  after: Record<string, { rows: number; hash: string }>
) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names]
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .sort()
}
