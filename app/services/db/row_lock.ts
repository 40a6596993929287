import type { Knex } from 'knex'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Locks the rows a query reads until its transaction ends, for a read
 * followed by an UPDATE of the same rows (a status change, a count
 * subtracted): PostgreSQL's FOR NO KEY UPDATE, the lock that UPDATE takes
 * anyway. Not FOR UPDATE: that one also waits for every foreign-key check
 * on the rows (FOR KEY SHARE, held by any INSERT of a row pointing at
 * them until its transaction ends), which serialises unrelated writes and
 * deadlocks two transactions that both inserted such a row first.
 *
 * SQLite runs one write transaction at a time: nothing to do. Lucid has no
 * forNoKeyUpdate(), so the knex query underneath takes it.
 */
export function lockRowsForChange<
  Q extends { knexQuery: Knex.QueryBuilder; client: QueryClientContract },
>(query: Q): Q {
  if (query.client.dialect.name === 'postgres') query.knexQuery.forNoKeyUpdate()
  return query
}
