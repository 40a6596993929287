import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { OPEN_REPORT_STATUSES } from '#models/report'
import { isSqlite, visiblePosts, type Viewer } from '#queries/feeds/visible_posts'

/**
 * The moderation queues' sizes, for the dashboard (part A), the queue pages
 * and the live counts pushed to admins. One indexed COUNT each
 * (posts: status, audience, id; reports: status, id).
 */

/**
 * Posts waiting for an admin's decision: status `pending`, not deleted, by
 * a live account — exactly the posts PostModerations/Index lists (the same
 * visibility scope, seen by an admin).
 */
export async function pendingPostsCount(
  client?: QueryClientContract,
  admin: Viewer = { id: 0, role: 'admin' }
): Promise<number> {
  const query = visiblePosts(admin, client)
  // The partial index of migration 0110 (pending, not deleted), which
  // SQLite only uses when named and the status written literally: the
  // count reads no post row (28 → 0.8 ms on the benchmark data).
  if (isSqlite()) query.knexQuery.fromRaw('posts INDEXED BY posts_pending_visibility_index')
  const [row] = await query.whereRaw("posts.status = 'pending'").clearSelect().count('* as total')
  return Number(row.$extras.total)
}

/** Reports still open (status pending or reviewed), one per reporter and target. */
export async function openReportsCount(client?: QueryClientContract): Promise<number> {
  const [row] = await (client ?? db)
    .from('reports')
    .whereIn('status', OPEN_REPORT_STATUSES)
    .count('* as total')
  return Number(row.total)
}

/**
 * Targets (a post or a person) with at least one open report: the number of
 * groups the reports queue (Reports/Index, "Open" tab) lists.
 */
export async function openReportTargetsCount(client?: QueryClientContract): Promise<number> {
  const [row] = await (client ?? db)
    .from(
      (client ?? db)
        .from('reports')
        .whereIn('status', OPEN_REPORT_STATUSES)
        .distinct('subject_type', 'subject_id')
        .as('targets')
    )
    .count('* as total')
  return Number(row.total)
}

/** A type, not an interface: it is a shared prop (JSON-compatible record). */
export type ModerationCounts = {
  pendingPosts: number
  openReports: number
}

export async function moderationCounts(): Promise<ModerationCounts> {
  const [pendingPosts, openReports] = await Promise.all([
    pendingPostsCount(),
    openReportTargetsCount(),
  ])
  return { pendingPosts, openReports }
}

/**
 * The admin menu's badges (shared prop `moderation`, admins only): the
 * counts above, kept per node for at most CACHE_MS so a page costs no
 * query. Every change to a queue on this node refreshes them at once
 * (publishModerationCounts, app/listeners/moderation.ts, stores what it
 * pushes); a change on another node reaches this node's value within
 * CACHE_MS, and the open pages at once through the admins' channel.
 * Tests that read the badge call forgetModerationCounts() first (a rolled
 * back transaction does not tell the cache).
 */
export const MODERATION_COUNTS_CACHE_MS = 15_000

let cached: { at: number; counts: ModerationCounts } | null = null
/** Bumped by every forget: a count computed before it is not stored. */
let generation = 0

export async function cachedModerationCounts(): Promise<ModerationCounts> {
  if (cached && Date.now() - cached.at < MODERATION_COUNTS_CACHE_MS) return cached.counts
  const started = generation
  const counts = await moderationCounts()
  if (started === generation) cached = { at: Date.now(), counts }
  return counts
}

/** Drops the stored counts (a queue changed); returns the generation to store against. */
export function forgetModerationCounts(): number {
  cached = null
  return ++generation
}

/** Stores counts computed after forgetModerationCounts() returned `since`, unless forgotten again. */
export function rememberModerationCounts(counts: ModerationCounts, since: number) {
  if (since === generation) cached = { at: Date.now(), counts }
}
