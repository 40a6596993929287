import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * THE blocked-pair rule (PRODUCT §8): a block hides both ways, so two
 * people are "blocked" when either blocked the other. Every query that
 * hides someone across a block asks it here, in one of two forms:
 *
 *  - between two known people (`isBlockedPair`, `blockState`): one query
 *    on the `blocks` primary key (blocker_id, blocked_id);
 *  - as a condition on a column of a larger query (`whereNotBlockedPair`,
 *    or `notBlockedPairSql` inside raw SQL): two NOT EXISTS probes on that
 *    primary key, one per direction. Written as two probes rather than one
 *    EXISTS with an OR: each is an index lookup on both SQLite and
 *    PostgreSQL, where an OR across the two directions can leave the
 *    planner scanning `blocks` per row (the visibility rule's form,
 *    app/queries/feeds/visible_posts.ts).
 *
 * The same SQL on SQLite and PostgreSQL.
 */

/** The subqueries' own aliases: an outer table named like one would be shadowed. */
export const BLOCKED_PAIR_ALIASES = ['vb', 'vb2'] as const

/** Column names are written into the SQL: only plain (optionally qualified) names. */
const NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/

/** One side of a pair in a larger query: a user id (bound) or a column holding one. */
export type PairSide = number | { column: string }

/** A side that is the column `name` of the surrounding query (e.g. `users.id`). */
export function pairColumn(name: string): PairSide {
  return { column: name }
}

function sideSql(side: string) {
  if (side !== '?' && !NAME.test(side)) throw new Error(`Not a column name: ${side}`)
  return side
}

/**
 * "Neither `a` nor `b` blocked the other" as SQL, for raw queries: each
 * side is a column name, or `?` for a bound value (the bindings, in order,
 * are a, b, b, a for the `?` sides).
 */
export function notBlockedPairSql(a: string, b: string) {
  const [first, second] = BLOCKED_PAIR_ALIASES
  return `NOT EXISTS (SELECT 1 FROM blocks AS ${first} WHERE ${first}.blocker_id = ${sideSql(a)} AND ${first}.blocked_id = ${sideSql(b)})
  AND NOT EXISTS (SELECT 1 FROM blocks AS ${second} WHERE ${second}.blocker_id = ${sideSql(b)} AND ${second}.blocked_id = ${sideSql(a)})`
}

/** The subset of Lucid's query builders this needs (model and database builders both fit). */
interface WhereBuilder {
  whereRaw(sql: string, bindings?: any[]): this
}

/** Keeps the rows where no block stands between `a` and `b` (ids or columns), either way. */
export function whereNotBlockedPair<Q extends WhereBuilder>(query: Q, a: PairSide, b: PairSide): Q {
  const sql = (side: PairSide) => (typeof side === 'number' ? '?' : side.column)
  const ids = (first: PairSide, second: PairSide) =>
    [first, second].filter((side): side is number => typeof side === 'number')
  return query.whereRaw(notBlockedPairSql(sql(a), sql(b)), [...ids(a, b), ...ids(b, a)])
}

/** The `blocks` rows between two people, whichever way (at most two). */
function blocksBetween(a: number, b: number, client?: QueryClientContract) {
  return (client ?? db)
    .from('blocks')
    .where((pair) => pair.where('blocker_id', a).where('blocked_id', b))
    .orWhere((pair) => pair.where('blocker_id', b).where('blocked_id', a))
    .select('blocker_id')
}

/** A block between the two, in either direction (one query). */
export async function isBlockedPair(a: number, b: number, client?: QueryClientContract) {
  return Boolean(await blocksBetween(a, b, client).first())
}

/** Either direction: whether the viewer blocked them, whether they blocked the viewer (one query). */
export async function blockState(viewerId: number, otherId: number) {
  const rows = await blocksBetween(viewerId, otherId)
  return {
    viewerBlocked: rows.some((row) => Number(row.blocker_id) === viewerId),
    blockedViewer: rows.some((row) => Number(row.blocker_id) === otherId),
  }
}
