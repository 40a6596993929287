import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { APPROVAL_STATUSES, type ApprovalStatus } from '#enums/role'

export const EXTERNAL_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const
export type ExternalFilter = (typeof EXTERNAL_FILTERS)[number]
export const EXTERNALS_PER_PAGE = 20

export interface ListExternalsInput {
  status: ExternalFilter
  q: string
  page: number
  baseUrl: string
}

/** Query-string values as typed by people: unknown ones fall back to the defaults. */
export function normaliseExternalFilters(qs: Record<string, unknown>) {
  const status = EXTERNAL_FILTERS.includes(qs.status as ExternalFilter)
    ? (qs.status as ExternalFilter)
    : 'pending'
  const q = typeof qs.q === 'string' ? qs.q.trim().slice(0, 100) : ''
  const page = Number.parseInt(String(qs.page ?? '1'), 10)
  return { status, q, page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1 }
}

/** LIKE pattern matching `q` anywhere, with LIKE's wildcards escaped. */
function containsPattern(q: string) {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * External accounts for Users/PublicUserList: filtered by approval status,
 * searched by name, username or e-mail, newest first (id breaks ties), 20
 * per page. Purged accounts are left out.
 */
export default class ListExternals {
  async handle({ status, q, page, baseUrl }: ListExternalsInput) {
    const query = User.query().where('role', 'external').whereNull('deleted_at')
    if (status !== 'all') query.where('approval_status', status)
    if (q) {
      const pattern = containsPattern(q)
      query.where((sub) => {
        sub
          .whereRaw(`lower(full_name) like ? escape '\\'`, [pattern])
          .orWhereRaw(`username like ? escape '\\'`, [pattern])
          .orWhereRaw(`email like ? escape '\\'`, [pattern])
      })
    }
    const paginator = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, EXTERNALS_PER_PAGE)
    paginator.baseUrl(baseUrl).queryString({ status, ...(q ? { q } : {}) })
    return paginator
  }

  /** How many externals are in each approval status (one grouped query), for the filter tabs. */
  async counts(): Promise<Record<ApprovalStatus | 'all', number>> {
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
}
