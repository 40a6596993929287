import { UserSearch } from 'lucide-react'
import { Avatar } from '~/components/shell/avatar'
import { ApprovalBadge } from '~/components/admin/approval_badge'
import { EmptyState } from '~/components/admin/empty_state'
import { ExternalActions } from '~/components/admin/external_actions'

export interface ExternalRow {
  id: number
  fullName: string
  username: string
  initials: string
  email: string
  approvalStatus: string
  isActive: boolean
  emailVerified: boolean
  deletionPending: boolean
  createdAt: string | null
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The externals list: who, e-mail, when they registered, status, decision buttons. */
export function ExternalsTable({
  rows,
  emptyTitle,
  emptyText,
}: {
  rows: ExternalRow[]
  emptyTitle: string
  emptyText: string
}) {
  if (rows.length === 0) {
    return (
      <EmptyState icon={UserSearch} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    )
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">External accounts</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Person
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              E-mail
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Registered
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((user) => (
            <tr key={user.id} className="hover:bg-muted/40" data-testid="external-row">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar initials={user.initials} name={user.fullName} size="sm" />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{user.fullName}</p>
                    <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 break-all">
                {user.email}
                {!user.emailVerified && (
                  <span className="block text-xs text-muted-foreground">not verified</span>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                {user.createdAt ? (
                  <time dateTime={user.createdAt}>
                    {dateFormat.format(new Date(user.createdAt))}
                  </time>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  <ApprovalBadge status={user.approvalStatus} />
                  {!user.isActive && (
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs">Blocked</span>
                  )}
                  {user.deletionPending && (
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs">
                      Deletion pending
                    </span>
                  )}
                </div>
              </td>
              <td className="px-4 py-3">
                {user.approvalStatus === 'pending' ? <ExternalActions user={user} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
