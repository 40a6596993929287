import { UserSearch } from 'lucide-react'
import { Avatar } from '~/components/shell/avatar'
import { RegisteredAt, StatusBadges } from '~/components/admin/external_fields'
import { ExternalCardList } from '~/components/admin/external_card_list'
import { EmptyState } from '~/components/admin/empty_state'
import { ExternalActions } from '~/components/admin/external_actions'

export type ExternalRow = {
  id: number
  fullName: string
  username: string
  initials: string
  avatarUrl?: string | null
  email: string
  approvalStatus: string
  isActive: boolean
  emailVerified: boolean
  deletionPending: boolean
  createdAt: string | null
}

/**
 * The externals list: who, e-mail, when they registered, status, decision
 * buttons. A table from tablet width up, stacked cards on phones.
 */
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
    <>
      <ExternalCardList rows={rows} />
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
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
                    <Avatar
                      initials={user.initials}
                      name={user.fullName}
                      src={user.avatarUrl}
                      size="sm"
                    />
                    {/* A table cell grows to a truncated name's full width: wrap within 16rem. */}
                    <div className="max-w-64 min-w-0">
                      <p className="font-medium">{user.fullName}</p>
                      <p className="text-xs text-muted-foreground">@{user.username}</p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 [overflow-wrap:anywhere]">
                  {user.email}
                  {!user.emailVerified && (
                    <span className="block text-xs text-muted-foreground">not verified</span>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <RegisteredAt value={user.createdAt} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadges user={user} />
                </td>
                <td className="px-4 py-3">
                  {user.approvalStatus === 'pending' ? <ExternalActions user={user} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
