import { UserSearch } from 'lucide-react'
import { AdminTable, PersonIdentity, type AdminColumn } from '~/components/admin/admin_table'
import { RegisteredAt, StatusBadges } from '~/components/admin/external_fields'
import { ExternalCardList } from '~/components/admin/external_card_list'
import { EmptyState } from '~/components/admin/empty_state'
import { ExternalActions } from '~/components/admin/external_actions'
import type { Data } from '~data'

const COLUMNS: AdminColumn[] = [
  { label: 'Person' },
  { label: 'E-mail' },
  { label: 'Registered' },
  { label: 'Status' },
  { label: 'Actions', srOnly: true, align: 'right' },
]

/**
 * The externals list: who, e-mail, when they registered, status, decision
 * buttons. A table from tablet width up, stacked cards on phones.
 */
export function ExternalsTable({
  rows,
  emptyTitle,
  emptyText,
}: {
  rows: Data.User.Variants['forAdmin'][]
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
      <AdminTable caption="External accounts" columns={COLUMNS}>
        {rows.map((user) => (
          <tr key={user.id} className="hover:bg-muted/40" data-testid="external-row">
            <td className="px-4 py-3">
              <PersonIdentity person={user} className="items-center">
                {/* A table cell grows to a truncated name's full width: wrap within 16rem. */}
                <div className="max-w-64 min-w-0">
                  <p className="font-medium">{user.fullName}</p>
                  <p className="text-xs text-muted-foreground">@{user.username}</p>
                </div>
              </PersonIdentity>
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
      </AdminTable>
    </>
  )
}
