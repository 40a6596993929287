import db from '@adonisjs/lucid/services/db'
import { reportDirectStatement } from '#services/db/direct_statements'

/**
 * Reads run on a connection of PostgreSQL's pool straight through
 * node-postgres instead of through Lucid's raw query and knex's runner:
 * the session's row with its user's (app/services/session_store.ts) and
 * the queries compiled once (app/services/db/query_templates.ts), i.e.
 * both queries of a signed-in feed page. It is the PostgreSQL side of
 * app/services/db/sqlite_direct_reads.ts.
 *
 * The same SQL, bindings and connections as before: the pool is knex's
 * (acquired and released as knex's runner does), and the connection's
 * `query` is the one config/database.ts wrapped to name the prepared
 * statements (app/services/pg_prepared_statements.ts). Only the layers in
 * between are skipped: Lucid's raw query builder and its reporter, knex's
 * raw query, its bindings' placement (once per text here, not per query),
 * its runner and its events. Those layers were ~10% of the app's CPU for
 * a feed page on PostgreSQL (S1-PG's profile, docs/benchmarks.md); and a
 * text is now the same string on every request, so the prepared
 * statement's name is found without hashing it again.
 *
 * Not here (`undefined`: the caller takes Lucid's path): a connection that
 * is not PostgreSQL, not connected yet, in debug mode (its queries are
 * reported, `db:query`, only through the query builder: the benchmark
 * counts each request's queries that way), or with a global transaction
 * (tests: its rows are only seen through that transaction).
 */
type Row = Record<string, any>

interface PgConnection {
  query(
    config: { text: string; values: readonly unknown[]; types?: unknown },
    callback: (error: Error | null, result: { rows: Row[] }) => void
  ): void
}

interface KnexClient {
  driverName: string
  acquireConnection(): Promise<PgConnection>
  releaseConnection(connection: PgConnection): Promise<unknown>
}

/** Reads run here since the process started (tests check the path is taken). */
export const pgDirectStats = { reads: 0 }

const MAX_TEXTS = 500
const positioned = new Map<string, string>()

/**
 * `sql` with its `?` placeholders numbered `$1`, `$2`… as knex's PostgreSQL
 * client numbers them (`\?` stays a question mark), once per text.
 */
export function pgText(sql: string) {
  let text = positioned.get(sql)
  if (text === undefined) {
    let count = 0
    text = sql.replace(/(\\*)(\?)/g, (_match, escapes: string) =>
      escapes.length % 2 ? '?' : `$${++count}`
    )
    if (positioned.size >= MAX_TEXTS) positioned.delete(positioned.keys().next().value!)
    positioned.set(sql, text)
  }
  return text
}

/** The pool of Lucid's `connectionName` when a read can run here (see above). */
function directClient(connectionName: string) {
  if (db.connectionGlobalTransactions.has(connectionName)) return undefined
  const node = db.getRawConnection(connectionName)
  if (!node || node.config.debug) return undefined
  const client = node.connection?.readClient?.client as unknown as KnexClient | undefined
  return client?.driverName === 'pg' ? client : undefined
}

/**
 * The rows of a query (`?` placeholders) on the PostgreSQL connection
 * `connectionName`, or `undefined` when it cannot run here: use Lucid then.
 * `types`: node-postgres's type parsers for this query (timestampsAsText).
 */
export async function pgRows(
  connectionName: string,
  sql: string,
  bindings: readonly unknown[],
  types?: unknown
): Promise<Row[] | undefined> {
  const client = directClient(connectionName)
  if (!client) return undefined
  const text = pgText(sql)
  const connection = await client.acquireConnection()
  try {
    const rows = await new Promise<Row[]>((resolve, reject) => {
      connection.query(
        types ? { text, values: bindings, types } : { text, values: bindings },
        (error, result) => (error ? reject(error) : resolve(result.rows))
      )
    })
    pgDirectStats.reads++
    reportDirectStatement(connectionName, sql, bindings)
    return rows
  } finally {
    void client.releaseConnection(connection)
  }
}
