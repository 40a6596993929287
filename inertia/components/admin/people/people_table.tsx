import { Link } from '@adonisjs/inertia/react'
import { UserSearch } from 'lucide-react'
import type { Data } from '~data'
import { AdminTable, PersonIdentity, type AdminColumn } from '~/components/admin/admin_table'
import { EmptyState } from '~/components/admin/empty_state'
import { RoleBadge, StateBadge, shortDate } from '~/components/admin/people/badges'

const COLUMNS: AdminColumn[] = [
  { label: 'Person' },
  { label: 'E-mail' },
  { label: 'Role' },
  { label: 'State' },
  { label: 'Last sign-in' },
  { label: 'Posts', align: 'right' },
]

/** A person's name, linking to their admin page. */
function PersonName({ person }: { person: Data.Admin.Person }) {
  return (
    <Link
      route="admin.users.show"
      routeParams={{ id: person.id }}
      className="font-medium [overflow-wrap:anywhere] hover:underline"
    >
      {person.fullName}
    </Link>
  )
}

/**
 * The people lists (Users/UserList, Users/AdminList): who, e-mail, role,
 * state, last sign-in, posts. A table from tablet width up, cards on phones.
 */
export function PeopleTable({
  rows,
  emptyTitle,
  emptyText,
  caption,
}: {
  rows: Data.Admin.Person[]
  emptyTitle: string
  emptyText: string
  caption: string
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
      <ul className="divide-y md:hidden" aria-label={caption}>
        {rows.map((person) => (
          <li key={person.id} data-testid="person-row">
            <PersonIdentity person={person} className="items-start p-4">
              <div className="min-w-0 flex-1">
                <PersonName person={person} />
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  @{person.username} · {person.email}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <RoleBadge role={person.role} />
                  <StateBadge state={person.state} />
                  <span>{person.postsCount} posts</span>
                  <span>Last sign-in {shortDate(person.lastLoginAt)}</span>
                </div>
              </div>
            </PersonIdentity>
          </li>
        ))}
      </ul>
      <AdminTable caption={caption} columns={COLUMNS} nowrapHeaders>
        {rows.map((person) => (
          <tr key={person.id} className="hover:bg-muted/40" data-testid="person-row">
            <td className="px-4 py-3">
              <PersonIdentity person={person} className="items-center">
                <div className="max-w-64 min-w-0">
                  <PersonName person={person} />
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    @{person.username}
                  </p>
                </div>
              </PersonIdentity>
            </td>
            <td className="max-w-72 px-4 py-3 [overflow-wrap:anywhere]">{person.email}</td>
            <td className="px-4 py-3">
              <RoleBadge role={person.role} />
            </td>
            <td className="px-4 py-3">
              <StateBadge state={person.state} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
              {shortDate(person.lastLoginAt)}
            </td>
            <td className="px-4 py-3 text-right tabular-nums">{person.postsCount}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  )
}
