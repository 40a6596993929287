import { channel } from 'node:diagnostics_channel'

/**
 * Every statement the direct paths run without knex (sqlite_direct_reads.ts,
 * pg_direct_reads.ts): the key reads, the compiled feed reads, the session
 * read and the direct transactions' statements, BEGIN and COMMIT included.
 *
 * knex's `query` event, which tests listen to when they count what a page or
 * an action sends (tests/functional/feeds/query_counter.ts), does not see
 * them. Publishing costs one check (`hasSubscribers`) when nobody listens,
 * as in production.
 */
export interface DirectStatement {
  /** Lucid's connection name. */
  connection: string
  sql: string
  bindings: readonly unknown[]
}

export const directStatements = channel('huddle:db:direct-statement')

export function reportDirectStatement(
  connection: string,
  sql: string,
  bindings: readonly unknown[]
) {
  if (directStatements.hasSubscribers) {
    directStatements.publish({ connection, sql, bindings } satisfies DirectStatement)
  }
}
