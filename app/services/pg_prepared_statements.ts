import { createHash } from 'node:crypto'
import { SESSION_WITH_USER_SQL } from '#services/db/session_with_user'

/**
 * Server-side prepared statements for the queries that carry the
 * visibility rule (feeds, the post page, media checks, search) and for
 * the few reads every request makes (KEY_READ_TEXTS), on PostgreSQL.
 *
 * knex sends every query unnamed, so PostgreSQL parses and plans it on
 * every execution, and planning the home feed's query (the rule twice,
 * correlated subqueries for the card) took ~1.1 ms of its ~1.5 ms
 * (EXPLAIN ANALYZE on the benchmark data, docs/benchmarks.md). Named, the
 * statement is parsed once per connection, and with plan_cache_mode =
 * force_generic_plan (set on the app's connections, config/database.ts;
 * it only concerns named statements, i.e. these) planned once too: left
 * to `auto`, PostgreSQL kept planning the feed for every viewer because
 * its custom plans looked cheaper (S1-PG 327 → 400 req/s with generic
 * plans). Every one of these queries is a primary-key lookup, a
 * newest-first scan or a small IN list, whose best plan does not depend
 * on the values; search is left out (UNPREPARED_MARKER).
 *
 * Only texts holding the rule and the key reads are named (they are few:
 * one per feed shape and viewer role, one per length of a page's list of
 * comments with files), at most MAX_NAMED_PER_CONNECTION per connection, so a
 * connection never accumulates statements without bound. The name is a
 * hash of the text: one name, one text (node-postgres refuses a name
 * reused for another text). A migration run while the app is up can
 * change a prepared `posts.*` statement's result columns: PostgreSQL then
 * refuses it ("cached plan must not change result type", 0A000); that text
 * is then retried at once and sent unnamed from then on. Not for a
 * transaction-mode connection pooler in front of PostgreSQL (PgBouncer
 * before 1.21 forgets prepared statements between transactions).
 */
export const PREPARED_MARKER = 'FROM posts AS vo WHERE vo.id ='
/**
 * Full-text search keeps per-execution plans: whether the GIN index or a
 * newest-first scan is faster depends on how common the searched words are.
 */
export const UNPREPARED_MARKER = 'to_tsquery('
export const MAX_NAMED_PER_CONNECTION = 200

/**
 * The reads every signed-in request makes, as knex words them: its session
 * with its user (app/services/db/session_with_user.ts), or its access token
 * and then its user, by primary key; and the files of a page of comments
 * (the post page's, mediaOfComments). Unnamed, each one
 * was parsed and planned anew: parse and bind were 40% of PostgreSQL's time
 * for these reads (its statement log under S1-PG, docs/benchmarks.md), for
 * plans that never change.
 */
export const KEY_READ_TEXTS: ReadonlySet<string> = new Set([
  SESSION_WITH_USER_SQL.pg.replace('?', '$1'),
  'select * from "users" where "id" = $1 limit $2',
  'select * from "auth_access_tokens" where "id" = $1 and "type" = $2 limit $3',
])
export const MEDIA_OF_COMMENTS_PREFIX = 'select * from "media" where "comment_id" in ('

/** Whether a query text is sent as a named (prepared) statement. */
export function isPreparedText(text: string) {
  return (
    KEY_READ_TEXTS.has(text) ||
    text.startsWith(MEDIA_OF_COMMENTS_PREFIX) ||
    (text.includes(PREPARED_MARKER) && !text.includes(UNPREPARED_MARKER))
  )
}

interface QueryConfig {
  text: string
  values?: unknown[]
  name?: string
}

interface QueryableClient {
  query: (...args: any[]) => any
}

export function statementName(text: string) {
  return `huddle_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`
}

export function prepareRuleStatements(client: QueryableClient) {
  const query = client.query.bind(client)
  const named = new Map<string, string | null>()
  client.query = (config: unknown, ...rest: unknown[]) => {
    const q = config as QueryConfig
    if (q && typeof q === 'object' && typeof q.text === 'string' && q.name === undefined) {
      // Known texts first: a direct read (pg_direct_reads.ts) sends the same
      // string every time, whose hash V8 keeps, so no scan of the text.
      let name = named.get(q.text)
      if (name === undefined && named.size < MAX_NAMED_PER_CONNECTION && isPreparedText(q.text)) {
        name = statementName(q.text)
        named.set(q.text, name)
      }
      if (name) {
        const callback = rest.at(-1)
        if (typeof callback !== 'function') return query({ ...q, name }, ...rest)
        return query({ ...q, name }, ...rest.slice(0, -1), (error: any, result: unknown) => {
          if (error?.code !== '0A000') return callback(error, result)
          named.set(q.text, null)
          query(config, ...rest)
        })
      }
    }
    return query(config, ...rest)
  }
  return named
}
