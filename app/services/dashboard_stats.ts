import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#models/user'

/**
 * Account figures for the admin dashboard (PRODUCT §9). Every figure comes
 * with its definition, shown next to it, and the predicate that computes it
 * from one grouped query over users, so the text and the number cannot drift.
 */
interface AccountGroup {
  role: string
  approvalStatus: string
  isActive: boolean
  deletionPending: boolean
  deleted: boolean
  total: number
}

/** A query over the users model. */
type UsersQuery = ModelQueryBuilderContract<typeof User, User>

interface StatDefinition {
  key: AccountStatKey
  label: string
  definition: string
  matches: (group: AccountGroup) => boolean
  /** The same predicate in SQL: the rows of the drill-down list (Dashboard/Account). */
  scope: (query: UsersQuery) => UsersQuery
}

export type AccountStatKey =
  'members' | 'externals' | 'admins' | 'pendingApprovals' | 'inactive' | 'deletionPending'

export interface AccountStat {
  key: AccountStatKey
  label: string
  definition: string
  value: number
}

/** Signed-in-capable accounts: active, not scheduled for deletion, not deleted. */
const usable = (g: AccountGroup) => g.isActive && !g.deletionPending && !g.deleted
const usableSql = (q: UsersQuery) =>
  q.where('is_active', true).whereNull('deletion_requested_at').whereNull('deleted_at')

export const ACCOUNT_STATS: StatDefinition[] = [
  {
    key: 'members',
    label: 'Members',
    definition:
      'Accounts with the member role that are active (not blocked), not scheduled for deletion and not deleted.',
    matches: (g) => g.role === 'member' && usable(g),
    scope: (q) => usableSql(q.where('role', 'member')),
  },
  {
    key: 'externals',
    label: 'Externals',
    definition:
      'External accounts approved by an administrator that are active, not scheduled for deletion and not deleted.',
    matches: (g) => g.role === 'external' && g.approvalStatus === 'approved' && usable(g),
    scope: (q) => usableSql(q.where('role', 'external').where('approval_status', 'approved')),
  },
  {
    key: 'admins',
    label: 'Administrators',
    definition:
      'Accounts with the admin role that are active, not scheduled for deletion and not deleted.',
    matches: (g) => g.role === 'admin' && usable(g),
    scope: (q) => usableSql(q.where('role', 'admin')),
  },
  {
    key: 'pendingApprovals',
    label: 'Pending approvals',
    definition:
      'External registrations waiting for an administrator to approve or reject them (not deleted).',
    matches: (g) => g.role === 'external' && g.approvalStatus === 'pending' && !g.deleted,
    scope: (q) =>
      q.where('role', 'external').where('approval_status', 'pending').whereNull('deleted_at'),
  },
  {
    key: 'inactive',
    label: 'Inactive accounts',
    definition: 'Accounts of any role blocked by an administrator (deactivated) and not deleted.',
    matches: (g) => !g.isActive && !g.deleted,
    scope: (q) => q.where('is_active', false).whereNull('deleted_at'),
  },
  {
    key: 'deletionPending',
    label: 'Deletion pending',
    definition:
      'Accounts whose owner asked for deletion and that are still in the 30-day grace period.',
    matches: (g) => g.deletionPending && !g.deleted,
    scope: (q) => q.whereNotNull('deletion_requested_at').whereNull('deleted_at'),
  },
]

const truthy = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true'

/** One query: users grouped by every attribute a figure depends on. */
async function accountGroups(): Promise<AccountGroup[]> {
  const rows = await db
    .from('users')
    .select('role', 'approval_status', 'is_active')
    .select(db.raw('case when deletion_requested_at is null then 0 else 1 end as deletion_pending'))
    .select(db.raw('case when deleted_at is null then 0 else 1 end as deleted'))
    .count('* as total')
    .groupBy('role', 'approval_status', 'is_active', 'deletion_pending', 'deleted')
  return rows.map((row: Record<string, unknown>) => ({
    role: String(row.role),
    approvalStatus: String(row.approval_status),
    isActive: truthy(row.is_active),
    deletionPending: truthy(row.deletion_pending),
    deleted: truthy(row.deleted),
    total: Number(row.total),
  }))
}

export async function accountStats(): Promise<AccountStat[]> {
  const groups = await accountGroups()
  return ACCOUNT_STATS.map(({ key, label, definition, matches }) => ({
    key,
    label,
    definition,
    value: groups.filter(matches).reduce((sum, g) => sum + g.total, 0),
  }))
}
