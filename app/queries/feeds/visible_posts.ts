import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Post from '#models/post'
import type User from '#models/user'

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
  where(...args: any[]): this
  whereNull(column: string): this
  whereIn(column: string, values: any[]): this
  whereColumn(left: string, operator: string, right: string): this
  whereExists(callback: (query: any) => void): this
  whereNotExists(callback: (query: any) => void): this
  whereRaw(sql: string, bindings?: any[]): this
  orWhere(...args: any[]): this
  orWhereNull(column: string): this
}

export type Viewer = Pick<User, 'id' | 'role'>

const SQLITE_DIALECTS = new Set(['better-sqlite3', 'sqlite3', 'libsql'])

/** Roles whose members see `team` posts. */
const TEAM_ROLES = ['member', 'admin']

/**
 * Adds "the account `column` points at is live" (active, not deleted, not
 * waiting for deletion) to a query: posts' authors here, comments' authors
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
export function whereLiveAccount<Q extends WhereBuilder>(query: Q, column: string): Q {
  if (SQLITE_DIALECTS.has(db.connection().dialect.name)) {
    return query.whereRaw(
      `(SELECT CASE WHEN va.is_active AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL
         THEN 1 ELSE 0 END FROM users AS va WHERE va.id = ${column}) = 1`
    )
  }
  return query.whereExists((accounts: any) => {
    accounts
      .from('users as va')
      .whereColumn('va.id', column)
      .where('va.is_active', true)
      .whereNull('va.deleted_at')
      .whereNull('va.deletion_requested_at')
  })
}

/**
 * Applies rules 2–6 to the posts table (or alias) `t` for `viewer`.
 * Rule 7 is added by `visiblePosts` for the outer table only (an original
 * is never itself a share: sharing a share shares the original).
 */
function applyOwnRules<Q extends WhereBuilder>(query: Q, viewer: Viewer, t: string): Q {
  query.whereNull(`${t}.deleted_at`)

  whereLiveAccount(query, `${t}.author_id`)

  if (viewer.role !== 'admin') {
    query.where((status: any) => {
      status.where(`${t}.status`, 'published').orWhere(`${t}.author_id`, viewer.id)
    })
  }

  if (!TEAM_ROLES.includes(viewer.role)) query.where(`${t}.audience`, 'public')
  else query.whereIn(`${t}.audience`, ['team', 'public'])

  query.whereNotExists((blocks: any) => {
    blocks
      .from('blocks as vb')
      .where('vb.blocker_id', viewer.id)
      .whereColumn('vb.blocked_id', `${t}.author_id`)
  })
  query.whereNotExists((blocks: any) => {
    blocks
      .from('blocks as vb2')
      .whereColumn('vb2.blocker_id', `${t}.author_id`)
      .where('vb2.blocked_id', viewer.id)
  })
  return query
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
  applyOwnRules(query, viewer, t)
  // Rule 7 as a scalar primary-key lookup, evaluated only for shares. As
  // `OR EXISTS (…)`, PostgreSQL made it a "hashed SubPlan": the set of every
  // post visible as an original, built by a sequential scan of the whole
  // posts table on every execution (140 ms on 100k posts; the home feed's
  // query went from 180 ms to 0.4 ms without it, npm run bench S1-PG).
  const original = db
    .query()
    .from('posts as vo')
    .select(db.raw('1'))
    .whereRaw(`vo.id = ${t}.shared_post_id`)
  applyOwnRules(original, viewer, 'vo')
  query.where((shares: any) => {
    shares.whereNull(`${t}.shared_post_id`).orWhereRaw('(?) = 1', [original.limit(1)])
  })
  return query
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
