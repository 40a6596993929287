import { Link } from '@adonisjs/inertia/react'
import { cn } from '~/lib/utils'

export type ExternalStatus = 'pending' | 'approved' | 'rejected' | 'all'

const TABS: { value: ExternalStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
]

/** Approval-status filter of Users/PublicUserList; keeps the search query. */
export function StatusTabs({
  current,
  counts,
  q,
}: {
  current: ExternalStatus
  counts: Record<ExternalStatus, number>
  q: string
}) {
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {TABS.map((tab) => {
        const active = tab.value === current
        return (
          <Link
            key={tab.value}
            route="users.public"
            qs={{ status: tab.value, q: q || undefined }}
            preserveScroll
            aria-current={active ? 'page' : undefined}
            className={cn(
              'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium',
              active
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground'
            )}
          >
            {tab.label}
            <span
              className="rounded-full bg-background px-1.5 text-xs tabular-nums"
              aria-label={`${counts[tab.value]} accounts`}
            >
              {counts[tab.value]}
            </span>
          </Link>
        )
      })}
    </nav>
  )
}
