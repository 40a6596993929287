import db from '@adonisjs/lucid/services/db'

/**
 * Counts the SQL statements the app sends while `work` runs, from knex's
 * own `query` event (fired for every statement, inside transactions too,
 * without turning on Lucid's debug output).
 */
export async function countQueries<T>(work: () => Promise<T>) {
  const knexClient = (db.connection().getWriteClient() as any).client
  const statements: string[] = []
  const listener = (query: { sql: string }) => statements.push(query.sql)
  knexClient.on('query', listener)
  try {
    const result = await work()
    return { result, count: statements.length, statements }
  } finally {
    knexClient.removeListener('query', listener)
  }
}
