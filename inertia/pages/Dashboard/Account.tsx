import type { Data } from '~data'
import { AccountList } from '~/components/admin/dashboard/account_list'
import { DrilldownHeader } from '~/components/admin/dashboard/drilldown_header'
import { FilterTabs } from '~/components/admin/dashboard/filter_tabs'
import { KeysetPager } from '~/components/admin/dashboard/keyset_pager'
import { route } from '~/lib/route'

type Tab = { key: string; label: string; definition: string; count: number }

/**
 * Dashboard/Account (issue 19 §1): the accounts behind each account figure
 * of the dashboard — members, externals, admins, pending approvals,
 * blocked, leaving — one tab each, newest first. A tab's count is the
 * dashboard's figure, and the list holds exactly that many accounts.
 */
export default function AccountPage({
  tab,
  tabs,
  accounts,
  cursor,
  nextCursor,
}: {
  tab: string
  tabs: Tab[]
  accounts: Data.Admin.AccountRow[]
  cursor: string | null
  nextCursor: string | null
}) {
  const current = tabs.find((t) => t.key === tab) ?? tabs[0]
  return (
    <div className="grid gap-6">
      <DrilldownHeader
        title={`Accounts: ${current.label.toLowerCase()}`}
        definition={current.definition}
      >
        <FilterTabs
          label="Kind of account"
          current={tab}
          tabs={tabs.map((t) => ({
            key: t.key,
            label: t.label,
            count: t.count,
            href: route('admin.dashboard.accounts', undefined, { tab: t.key }),
          }))}
        />
      </DrilldownHeader>
      <section
        aria-label={current.label}
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        <AccountList
          accounts={accounts}
          emptyTitle="Nobody here"
          emptyText={`No account matches this definition (${current.label.toLowerCase()}).`}
        />
      </section>
      <KeysetPager
        cursor={cursor}
        nextCursor={nextCursor}
        href={(c) => route('admin.dashboard.accounts', undefined, { tab, cursor: c })}
      />
    </div>
  )
}
