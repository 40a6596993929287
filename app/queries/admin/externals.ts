import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { APPROVAL_STATUSES, type ApprovalStatus } from '#enums/role'
import { pick, whereAccountMatches } from '#queries/admin/people'

/**
 * External accounts for Users/PublicUserList: filtered by approval status,
 * searched by name, username or e-mail, newest first (id breaks ties), 20
 * per page. Purged accounts are left out.
 */
export const EXTERNAL_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const
export type ExternalFilter = (typeof EXTERNAL_FILTERS)[number]
export const EXTERNALS_PER_PAGE = 20

/** Query-string values as typed by people: unknown ones fall back to the defaults. */
export function normaliseExternalFilters(qs: Record<string, unknown>) {
  const status = pick(EXTERNAL_FILTERS, qs.status, 'pending')
  const q = typeof qs.q === 'string' ? qs.q.trim().slice(0, 100) : ''
  const page = Number.parseInt(String(qs.page ?? '1'), 10)
  return { status, q, page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1 }
}

export type ExternalsFilters = ReturnType<typeof normaliseExternalFilters>

/** One page of externals; the pagination links keep the filters (`baseUrl`: the page's own). */
export async function listExternals({
  status,
  q,
  page,
  baseUrl,
}: ExternalsFilters & { baseUrl: string }) {
  const query = User.query().where('role', 'external').whereNull('deleted_at')
  if (status !== 'all') query.where('approval_status', status)
  if (q) whereAccountMatches(query, q)
  const paginator = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .paginate(page, EXTERNALS_PER_PAGE)
  paginator.baseUrl(baseUrl).queryString({ status, ...(q ? { q } : {}) })
  return paginator
}

/** How many externals are in each approval status (one grouped query), for the filter tabs. */
export async function externalCounts(): Promise<Record<ApprovalStatus | 'all', number>> {
  const rows = await db
    .from('users')
    .where('role', 'external')
    .whereNull('deleted_at')
    .select('approval_status')
    .count('* as total')
    .groupBy('approval_status')
  const counts = { pending: 0, approved: 0, rejected: 0, all: 0 }
  for (const row of rows) {
    const key = row.approval_status as ApprovalStatus
    if (APPROVAL_STATUSES.includes(key)) counts[key] = Number(row.total)
    counts.all += Number(row.total)
  }
  return counts
}
