import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Post from '#models/post'
import type User from '#models/user'
import { BLOCKED_PAIR_ALIASES, notBlockedPairSql } from '#queries/people/blocked_pair'

/**
 * THE visibility rule (PRODUCT §4). Every feed, the post page, the media
 * route, search and channel authorisation go through this one scope; no
 * page re-implements it.
 *
 * A post P is visible to viewer V when
 *  1. V is signed in (guests see nothing);
 *  2. P is not soft-deleted;
 *  3. P's author account is live: not deleted, not waiting for deletion
 *     (deletion-pending accounts' content is hidden), not deactivated;
 *  4. P is published, or V wrote it, or V is an admin;
 *  5. P's audience includes V: `public` → everyone signed in; `team` →
 *     members and admins only (externals never see team posts, not even
 *     ones they wrote before a role change);
 *  6. neither V blocked P's author nor P's author blocked V;
 *  7. for a share (shared_post_id set): the original passes 2–6 for V too.
 *     Decision: a share whose original V cannot see is HIDDEN entirely
 *     (not shown as "original no longer available"): it carries no content
 *     of its own worth showing without the original, and a tombstone would
 *     reveal that something V may not see exists. A hard-deleted original
 *     removes its shares by cascade.
 *
 * Feeds add their own filters on top (e.g. only published posts); the
 * scope only ever narrows, never widens, what a viewer may see.
 */

/** The subset of Lucid's query builders the rule needs (model and database builders both fit). */
interface WhereBuilder {
  whereRaw(sql: string, bindings?: any[]): this
}

export type Viewer = Pick<User, 'id' | 'role'>

const SQLITE_DIALECTS = new Set(['better-sqlite3', 'sqlite3', 'libsql'])

/** Roles whose members see `team` posts. */
const TEAM_ROLES = ['member', 'admin']

/** Table aliases and columns are written into the SQL: only plain names. */
const NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/
/** The rule's own aliases: an outer table named like one would be shadowed. */
const INNER_ALIASES = new Set<string>(['vo', 'va', ...BLOCKED_PAIR_ALIASES])

/** Whether the default connection is SQLite (better-sqlite3 or sqlite3). */
export function isSqlite() {
  return SQLITE_DIALECTS.has(db.connection().dialect.name)
}

/**
 * "The account `column` points at is live" (active, not deleted, not
 * waiting for deletion) as SQL: posts' authors here, comments' authors
 * and likers in post_comments.ts.
 *
 * On SQLite as a primary-key lookup per candidate row: SQLite (3.38+)
 * turns the EXISTS form into a join behind a Bloom filter built over the
 * whole users table on every execution, which made a feed page 1.5–3×
 * and a comment page 3.4× slower (257 → 75 µs; npm run bench,
 * docs/benchmarks.md). PostgreSQL keeps the EXISTS: it estimates a
 * semi-join's rows well, and a scalar form misled its planner (wrong join
 * strategies, and a cost estimate above jit_above_cost).
 */
function liveAccountSql(column: string, sqlite: boolean) {
  if (!NAME.test(column)) throw new Error(`Not a column name: ${column}`)
  return sqlite
    ? `(SELECT CASE WHEN va.is_active AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL
         THEN 1 ELSE 0 END FROM users AS va WHERE va.id = ${column}) = 1`
    : `EXISTS (SELECT 1 FROM users AS va WHERE va.id = ${column} AND va.is_active = TRUE
         AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL)`
}

/** Adds "the account `column` points at is live" to a query (see liveAccountSql). */
export function whereLiveAccount<Q extends WhereBuilder>(query: Q, column: string): Q {
  return query.whereRaw(liveAccountSql(column, isSqlite()))
}

/**
 * "Neither the viewer nor the person `column` points at blocked the other"
 * as SQL (THE blocked-pair rule, app/queries/people/blocked_pair.ts); both
 * `?` are the viewer's id. Rule 6 for posts here; comment authors, likers
 * and the people search use it through whereNotBlockedWith.
 */
function notBlockedSql(column: string) {
  return notBlockedPairSql('?', column)
}

/** Adds "no block either way between the viewer and the person `column` points at". */
export function whereNotBlockedWith<Q extends WhereBuilder>(
  query: Q,
  viewerId: number,
  column: string
): Q {
  return query.whereRaw(notBlockedSql(column), [viewerId, viewerId])
}

/**
 * Rules 2–6 for the posts table (or alias) `t` as SQL; each `?` is the
 * viewer's id. Rule 7 is added by `visibilitySql` for the outer table only
 * (an original is never itself a share: sharing a share shares the
 * original).
 */
function ownRulesSql(role: string, t: string, sqlite: boolean) {
  const rules = [`${t}.deleted_at IS NULL`, liveAccountSql(`${t}.author_id`, sqlite)]
  if (role !== 'admin') rules.push(`(${t}.status = 'published' OR ${t}.author_id = ?)`)
  rules.push(
    TEAM_ROLES.includes(role) ? `${t}.audience IN ('team', 'public')` : `${t}.audience = 'public'`,
    notBlockedSql(`${t}.author_id`)
  )
  return rules.join('\n  AND ')
}

const ruleCache = new Map<string, { sql: string; viewerSlots: number }>()

/**
 * The whole rule for the posts table (or alias) `t` as one SQL condition,
 * and how many times it binds the viewer's id. The text depends only on
 * the viewer's role, the alias and the dialect, so it is built once per
 * combination: writing it through knex's builders (nested groups, two
 * NOT EXISTS and the original's subquery, twice) cost ~12% of a feed
 * request in compilation alone (npm run bench:profile -- S1).
 *
 * Rule 7 as a scalar primary-key lookup, evaluated only for shares. As
 * `OR EXISTS (…)`, PostgreSQL made it a "hashed SubPlan": the set of every
 * post visible as an original, built by a sequential scan of the whole
 * posts table on every execution (140 ms on 100k posts; the home feed's
 * query went from 180 ms to 0.4 ms without it, npm run bench S1-PG).
 */
export function visibilitySql(role: string, t = 'posts', sqlite = isSqlite()) {
  const key = `${role}|${t}|${sqlite}`
  let rule = ruleCache.get(key)
  if (!rule) {
    if (!NAME.test(t) || INNER_ALIASES.has(t)) throw new Error(`Not a table alias: ${t}`)
    const sql = `(${ownRulesSql(role, t, sqlite)}
  AND (${t}.shared_post_id IS NULL OR (SELECT 1 FROM posts AS vo WHERE vo.id = ${t}.shared_post_id
    AND ${ownRulesSql(role, 'vo', sqlite)} LIMIT 1) = 1))`
    rule = { sql, viewerSlots: sql.split('?').length - 1 }
    ruleCache.set(key, rule)
  }
  return rule
}

/**
 * Applies the whole rule to an existing query on `posts` (aliased `t`,
 * default "posts"). Useful for queries that start elsewhere (search,
 * joins); `visiblePosts` is the usual entry point.
 */
export function applyVisibility<Q extends WhereBuilder>(
  query: Q,
  viewer: Viewer | null,
  t = 'posts'
): Q {
  if (!viewer) return query.whereRaw('1 = 0')
  const { sql, viewerSlots } = visibilitySql(viewer.role, t)
  return query.whereRaw(
    sql,
    Array.from({ length: viewerSlots }, () => viewer.id)
  )
}

/**
 * Posts `viewer` may see, as a Lucid model query (select posts.*). Chain
 * feed filters, ordering and preloads on it. Pass a transaction client to
 * run inside a transaction.
 */
export function visiblePosts(viewer: Viewer | null, client?: QueryClientContract) {
  const query = Post.query(client ? { client } : undefined).select('posts.*')
  return applyVisibility(query, viewer)
}

/**
 * Whether `viewer` may see `post` (a model or an id), by the same rule, in
 * one indexed query. The media route, likes, comments and the post page
 * call this; a `false` should become a 404 (never reveal that it exists).
 */
export async function canViewPost(
  viewer: Viewer | null,
  post: Pick<Post, 'id'> | number,
  client?: QueryClientContract
): Promise<boolean> {
  if (!viewer) return false
  const id = typeof post === 'number' ? post : post.id
  if (!Number.isSafeInteger(id) || id <= 0) return false
  const row = await visiblePosts(viewer, client).where('posts.id', id).select('posts.id').first()
  return row !== null
}

/**
 * The post with that id if `viewer` may see it, else null (one query).
 * Controllers turn null into a 404.
 */
export async function findVisiblePost(
  viewer: Viewer | null,
  id: number | string,
  client?: QueryClientContract
): Promise<Post | null> {
  const numeric = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN
  if (!viewer || !Number.isSafeInteger(numeric) || numeric <= 0) return null
  return visiblePosts(viewer, client).where('posts.id', numeric).first()
}
