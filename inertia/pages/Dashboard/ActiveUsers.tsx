import type { Data } from '~data'
import { AccountList } from '~/components/admin/dashboard/account_list'
import { DrilldownHeader } from '~/components/admin/dashboard/drilldown_header'
import { FilterTabs } from '~/components/admin/dashboard/filter_tabs'
import { KeysetPager } from '~/components/admin/dashboard/keyset_pager'
import { route } from '~/lib/route'

type ActiveWindow = 'online' | '24h' | '7d'

const WINDOWS: { key: ActiveWindow; label: string; definition: string; empty: string }[] = [
  {
    key: 'online',
    label: 'Online now',
    definition:
      'People signed in with Huddle open in a browser at this moment (the live presence channel, across every app node).',
    empty: 'Nobody else has Huddle open right now.',
  },
  {
    key: '24h',
    label: 'Last 24 hours',
    definition:
      'Accounts (any role, not deleted) that signed in during the last 24 hours, latest first.',
    empty: 'Nobody signed in during the last 24 hours.',
  },
  {
    key: '7d',
    label: 'Last 7 days',
    definition:
      'Accounts (any role, not deleted) that signed in during the last 7 days, latest first.',
    empty: 'Nobody signed in during the last 7 days.',
  },
]

/** Dashboard/ActiveUsers (issue 19 §1): who is online now, and who signed in lately. */
export default function ActiveUsersPage({
  window,
  counts,
  people,
  cursor,
  nextCursor,
}: {
  window: ActiveWindow
  counts: Record<ActiveWindow, number>
  people: Data.Admin.AccountRow[]
  cursor: string | null
  nextCursor: string | null
}) {
  const current = WINDOWS.find((w) => w.key === window) ?? WINDOWS[0]
  return (
    <div className="grid gap-6">
      <DrilldownHeader
        title={`Active people: ${current.label.toLowerCase()}`}
        definition={current.definition}
      >
        <FilterTabs
          label="Time window"
          current={window}
          tabs={WINDOWS.map((w) => ({
            key: w.key,
            label: w.label,
            count: counts[w.key],
            href: route('admin.dashboard.active_users', undefined, { window: w.key }),
          }))}
        />
      </DrilldownHeader>
      <section
        aria-label={current.label}
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        <AccountList accounts={people} emptyTitle="Nobody here" emptyText={current.empty} />
      </section>
      <KeysetPager
        cursor={cursor}
        nextCursor={nextCursor}
        href={(c) => route('admin.dashboard.active_users', undefined, { window, cursor: c })}
      />
    </div>
  )
}
