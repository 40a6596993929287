import type { Viewer } from '#queries/feeds/visible_posts'
import { visiblePosts } from '#queries/feeds/visible_posts'
import { loadCards, withCardColumns, type PostCard } from '#queries/feeds/post_cards'
import { PAGE_SIZE, parseIdCursor, splitPage } from '#queries/feeds/cursor'

/**
 * Posts/Index (PRODUCT §4, §9): every post an admin may see through THE
 * visibility scope (all statuses, both audiences, not deleted), newest
 * first, with a keyset cursor. Filters: audience, status, and the author's
 * username (prefix, case-insensitive, "@" optional). Constant query count
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
  return { audience, status, q }
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
  rawCursor: unknown
): Promise<AdminPostPage> {
  const cursor = parseIdCursor(rawCursor)
  const query = withCardColumns(visiblePosts(admin), admin)
  if (filters.audience !== 'all') query.where('posts.audience', filters.audience)
  if (filters.status !== 'all') query.where('posts.status', filters.status)
  if (filters.q) {
    query.whereRaw(`lower(card_author.username) like ? escape '\\'`, [prefixPattern(filters.q)])
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
