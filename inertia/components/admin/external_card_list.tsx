import { Avatar } from '~/components/shell/avatar'
import { ExternalActions } from '~/components/admin/external_actions'
import { RegisteredAt, StatusBadges } from '~/components/admin/external_fields'
import type { Data } from '~data'

/** The externals list on phones: one card per person, actions underneath. */
export function ExternalCardList({ rows }: { rows: Data.User.Variants['forAdmin'][] }) {
  return (
    <ul className="divide-y md:hidden" aria-label="External accounts">
      {rows.map((user) => (
        <li key={user.id} className="grid gap-3 p-4">
          <div className="flex items-start gap-3">
            <Avatar initials={user.initials} name={user.fullName} src={user.avatarUrl} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{user.fullName}</p>
              <p className="text-xs text-muted-foreground">@{user.username}</p>
              <p className="mt-1 text-sm [overflow-wrap:anywhere]">{user.email}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                Registered <RegisteredAt value={user.createdAt} />
                {!user.emailVerified && ' · e-mail not verified'}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StatusBadges user={user} />
            {user.approvalStatus === 'pending' && <ExternalActions user={user} />}
          </div>
        </li>
      ))}
    </ul>
  )
}
