import { DateTime } from 'luxon'
import type { Viewer } from '#queries/feeds/visible_posts'
import { dbTime } from '#services/db/db_time'
import { visiblePosts } from '#queries/feeds/visible_posts'
import { loadCards, withCardColumns, type PostCard } from '#queries/feeds/post_cards'
import { PAGE_SIZE, parseIdCursor, splitPage } from '#queries/feeds/cursor'

/**
 * PostModerations/IndexST (all team posts) and Posts/Index (the admins'
 * own posts) (PRODUCT §4, §9): every post an admin may see through THE
 * visibility scope (all statuses, both audiences, not deleted), newest
 * first, with a keyset cursor. Filters: audience, status, the author's
 * username (prefix, case-insensitive, "@" optional) and a range of
 * creation days (UTC, both ends included). Constant query count
 * per page whatever its size: the page (joined with authors, shares'
 * originals included), +1 for media (post_cards.ts).
 */
export const ADMIN_POST_AUDIENCES = ['all', 'team', 'public'] as const
export const ADMIN_POST_STATUSES = ['all', 'published', 'pending', 'rejected'] as const
export type AdminPostAudience = (typeof ADMIN_POST_AUDIENCES)[number]
export type AdminPostStatus = (typeof ADMIN_POST_STATUSES)[number]

export interface AdminPostFilters {
  audience: AdminPostAudience
  status: AdminPostStatus
  q: string
  /** First and last day (YYYY-MM-DD, UTC) of creation; '' for no bound. */
  from: string
  to: string
}

/** Query-string values as typed by people: unknown ones fall back to "all". */
export function normaliseAdminPostFilters(qs: Record<string, unknown>): AdminPostFilters {
  const audience = ADMIN_POST_AUDIENCES.includes(qs.audience as AdminPostAudience)
    ? (qs.audience as AdminPostAudience)
    : 'all'
  const status = ADMIN_POST_STATUSES.includes(qs.status as AdminPostStatus)
    ? (qs.status as AdminPostStatus)
    : 'all'
  const q = typeof qs.q === 'string' ? qs.q.trim().replace(/^@/, '').slice(0, 60) : ''
  let from = day(qs.from)
  let to = day(qs.to)
  if (from && to && from > to) [from, to] = [to, from]
  return { audience, status, q, from, to }
}

/** A calendar day as typed in a date field; anything else is no bound. */
function day(raw: unknown): string {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return ''
  return DateTime.fromISO(raw, { zone: 'utc' }).isValid ? raw : ''
}

/** LIKE pattern for a prefix, with LIKE's wildcards escaped. */
function prefixPattern(q: string) {
  return `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export interface AdminPostPage {
  posts: PostCard[]
  cursor: string | null
  nextCursor: string | null
}

export async function adminPostsPage(
  admin: Viewer,
  filters: AdminPostFilters,
  rawCursor: unknown,
  options: { authors: 'all' | 'admins' } = { authors: 'all' }
): Promise<AdminPostPage> {
  const cursor = parseIdCursor(rawCursor)
  const query = withCardColumns(visiblePosts(admin), admin)
  if (filters.audience !== 'all') query.where('posts.audience', filters.audience)
  if (filters.status !== 'all') query.where('posts.status', filters.status)
  if (filters.q) {
    query.whereRaw(`lower(card_author.username) like ? escape '\\'`, [prefixPattern(filters.q)])
  }
  if (options.authors === 'admins') query.where('card_author.role', 'admin')
  if (filters.from) {
    query.where('posts.created_at', '>=', dbTime(DateTime.fromISO(filters.from, { zone: 'utc' })))
  }
  if (filters.to) {
    const end = DateTime.fromISO(filters.to, { zone: 'utc' }).plus({ days: 1 })
    query.where('posts.created_at', '<', dbTime(end))
  }
  if (cursor !== null) query.where('posts.id', '<', cursor)
  const rows = await loadCards(query.orderBy('posts.id', 'desc').limit(PAGE_SIZE + 1))
  const { items, hasMore } = splitPage(rows)
  return {
    posts: items,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}

/**
 * PostModerations/Index: the posts waiting for a decision, OLDEST first (a
 * queue: who waited longest comes first), keyset on the id ascending. The
 * same card query as the feeds, so each post shows as members will see it.
 */
export async function pendingPostsPage(admin: Viewer, rawCursor: unknown): Promise<AdminPostPage> {
  const cursor = parseIdCursor(rawCursor)
  const query = withCardColumns(visiblePosts(admin), admin).where('posts.status', 'pending')
  if (cursor !== null) query.where('posts.id', '>', cursor)
  const rows = await loadCards(query.orderBy('posts.id', 'asc').limit(PAGE_SIZE + 1))
  const { items, hasMore } = splitPage(rows)
  return {
    posts: items,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}
