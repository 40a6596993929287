import { ApprovalBadge } from '~/components/admin/approval_badge'
import type { Data } from '~data'

/* Pieces shared by the externals table and its phone layout. */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function RegisteredAt({ value }: { value: string | null }) {
  if (!value) return <>—</>
  return <time dateTime={value}>{dateFormat.format(new Date(value))}</time>
}

export function StatusBadges({
  user,
}: {
  user: Pick<Data.User.Variants['forAdmin'], 'approvalStatus' | 'isActive' | 'deletionPending'>
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <ApprovalBadge status={user.approvalStatus} />
      {!user.isActive && <span className="rounded-full bg-muted px-2 py-0.5 text-xs">Blocked</span>}
      {user.deletionPending && (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs">Deletion pending</span>
      )}
    </div>
  )
}
