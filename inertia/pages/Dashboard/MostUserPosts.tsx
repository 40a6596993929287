import type { Data } from '~data'
import { AccountList } from '~/components/admin/dashboard/account_list'
import { DrilldownHeader } from '~/components/admin/dashboard/drilldown_header'
import { FilterTabs } from '~/components/admin/dashboard/filter_tabs'
import { route } from '~/lib/route'

/**
 * Dashboard/MostUserPosts (issue 19 §1): the people who published most in
 * a chosen window (7, 30, 90 or 365 days), top `limit`.
 */
export default function MostUserPostsPage({
  days,
  windows,
  limit,
  ranks,
}: {
  days: number
  windows: number[]
  limit: number
  ranks: Data.Admin.AuthorRank[]
}) {
  const byId = new Map(ranks.map((r) => [r.person.id, r]))
  return (
    <div className="grid gap-6">
      <DrilldownHeader
        title="Most active authors"
        definition={`The ${limit} people with the most posts published in the last ${days} days (published, not deleted, shares included, by publication time); ties by the older account first.`}
      >
        <FilterTabs
          label="Time window"
          current={String(days)}
          tabs={windows.map((w) => ({
            key: String(w),
            label: `${w} days`,
            href: route('admin.dashboard.top_authors', undefined, { days: w }),
          }))}
        />
      </DrilldownHeader>
      <section
        aria-label="Authors by posts"
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        <AccountList
          accounts={ranks.map((r) => r.person)}
          emptyTitle="Nobody published"
          emptyText={`No post was published in the last ${days} days.`}
          aside={(person) => {
            const rank = byId.get(person.id)!
            return (
              <p className="shrink-0 text-sm sm:w-32 sm:text-right">
                <span className="text-muted-foreground">#{rank.rank} · </span>
                <strong className="tabular-nums" data-testid="rank-posts">
                  {rank.posts.toLocaleString()}
                </strong>{' '}
                {rank.posts === 1 ? 'post' : 'posts'}
              </p>
            )
          }}
        />
      </section>
    </div>
  )
}
