import { Link } from '@adonisjs/inertia/react'
import { UserSearch } from 'lucide-react'
import type { Data } from '~data'
import { Avatar } from '~/components/shell/avatar'
import { EmptyState } from '~/components/admin/empty_state'
import { Badge } from '~/components/ui/badge'

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  member: 'Member',
  external: 'External',
}

function formatDate(iso: string | null) {
  if (!iso) return 'never'
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** The account's state in words (text, not colour alone). */
export function AccountState({ account }: { account: Data.Admin.AccountRow }) {
  if (account.deleted) return <Badge variant="secondary">Deleted</Badge>
  if (account.deletionRequestedAt) return <Badge variant="warning">Leaving</Badge>
  if (!account.isActive) return <Badge variant="destructive">Blocked</Badge>
  if (account.approvalStatus === 'pending') return <Badge variant="warning">Pending approval</Badge>
  if (account.approvalStatus === 'rejected') return <Badge variant="secondary">Rejected</Badge>
  return <Badge variant="success">Active</Badge>
}

/**
 * Accounts of a drill-down list: who, e-mail, role and state, last
 * sign-in, published posts (a link to all their posts). One stacked row
 * per account: readable from 375 px up.
 */
export function AccountList({
  accounts,
  emptyTitle,
  emptyText,
  aside,
}: {
  accounts: Data.Admin.AccountRow[]
  emptyTitle: string
  emptyText: string
  /** Extra figure shown on the row's right (e.g. a rank's post count). */
  aside?: (account: Data.Admin.AccountRow) => React.ReactNode
}) {
  if (accounts.length === 0) {
    return (
      <EmptyState icon={UserSearch} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    )
  }
  return (
    <ul className="divide-y" data-testid="drilldown-list">
      {accounts.map((account) => (
        <li
          key={account.id}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
          data-testid="drilldown-row"
        >
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <Avatar
              initials={account.initials}
              name={account.fullName}
              src={account.avatarUrl}
              size="md"
              decorative
            />
            <div className="min-w-0">
              <p className="font-medium break-words">{account.fullName}</p>
              <p className="text-sm break-all text-muted-foreground">
                @{account.username} · {account.email}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <Badge variant="outline">{ROLE_LABELS[account.role] ?? account.role}</Badge>
                <AccountState account={account} />
              </div>
            </div>
          </div>
          <dl className="grid shrink-0 grid-cols-2 gap-x-6 gap-y-1 text-sm sm:text-right">
            <dt className="text-muted-foreground">Last sign-in</dt>
            <dd>{formatDate(account.lastLoginAt)}</dd>
            <dt className="text-muted-foreground">Published posts</dt>
            <dd>
              <Link
                href={account.postsUrl}
                className="font-medium text-primary tabular-nums hover:underline"
                aria-label={`All posts of ${account.fullName} (${account.postsCount} published)`}
              >
                {account.postsCount.toLocaleString()}
              </Link>
            </dd>
          </dl>
          {aside?.(account)}
        </li>
      ))}
    </ul>
  )
}
