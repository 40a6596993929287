import { Link } from '@adonisjs/inertia/react'
import { ChevronRight, FileText, Flag, UserRound } from 'lucide-react'
import type { Data } from '~data'
import { EmptyState } from '~/components/admin/empty_state'
import { ListPager } from '~/components/admin/list_pager'
import { ReasonChips, ReportStatusBadge } from '~/components/admin/report_badges'
import { useModerationCounts } from '~/hooks/use_moderation_counts'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

type Tab = 'open' | 'resolved' | 'dismissed'

const TABS: { value: Tab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
]

/**
 * Reports/Index (issue 19 §2): what members reported, one line per target
 * (a post or a person; several reports of one target are grouped), most
 * recently reported first. Tabs: open (pending or reviewed), resolved,
 * dismissed. A line opens Reports/Show, where the reports are decided.
 */
export default function ReportsIndexPage({
  status,
  counts,
  groups,
  cursor,
  nextCursor,
}: {
  status: Tab
  counts: Record<Tab, number>
  groups: Data.Admin.ReportGroup[]
  cursor: string | null
  nextCursor: string | null
}) {
  const live = useModerationCounts({ pendingPosts: 0, openReports: counts.open })
  const stale = status === 'open' && live.openReports !== counts.open
  return (
    <div className="grid gap-6">
      <PageTitle title="Reports" />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Reports</h1>
        <p className="text-sm text-muted-foreground">
          Posts and people members reported. Several reports of the same post or person are one
          line; open one to review it, remove the post, block the account or dismiss the reports.
        </p>
      </header>

      <nav
        aria-label="Filter by status"
        className="flex flex-wrap gap-1 self-start rounded-lg bg-muted p-1"
      >
        {TABS.map((tab) => {
          const active = tab.value === status
          const count = tab.value === 'open' ? live.openReports : counts[tab.value]
          return (
            <Link
              key={tab.value}
              route="admin.reports.index"
              qs={{ status: tab.value }}
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
                className="rounded-full bg-background px-2 text-xs tabular-nums"
                data-testid={`tab-count-${tab.value}`}
              >
                {count}
              </span>
            </Link>
          )
        })}
      </nav>

      {stale && (
        <p role="status" className="text-sm text-muted-foreground">
          New reports came in.{' '}
          <Link route="admin.reports.index" className="font-medium text-primary hover:underline">
            Show them
          </Link>
        </p>
      )}

      <section
        aria-label="Reported posts and people"
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        {groups.length === 0 ? (
          <EmptyState icon={Flag} title={status === 'open' ? 'Nothing to review' : 'None yet'}>
            {status === 'open'
              ? 'When members report a post or a person, it appears here.'
              : `Reports you mark as ${status} appear here.`}
          </EmptyState>
        ) : (
          <ul className="divide-y">
            {groups.map((group) => (
              <GroupRow key={group.key} group={group} />
            ))}
          </ul>
        )}
      </section>

      <ListPager
        href={route('admin.reports.index')}
        params={{ status }}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Latest reports"
        nextLabel="Older reports"
        endText={groups.length > 0 ? 'End of the list' : null}
      />
    </div>
  )
}

function GroupRow({ group }: { group: Data.Admin.ReportGroup }) {
  const person = group.person
  const isPost = group.subjectType === 'post'
  const Icon = isPost ? FileText : UserRound
  const title = isPost
    ? `Post by ${person?.fullName ?? 'a former member'}`
    : (person?.fullName ?? 'A former member')
  return (
    <li data-testid="report-group">
      <Link
        route="admin.reports.show"
        routeParams={{ type: group.subjectType, id: group.subjectId }}
        className="flex items-start gap-3 p-4 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
      >
        {person ? (
          <AuthorAvatar author={person} />
        ) : (
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-muted">
            <Icon className="size-5 text-muted-foreground" aria-hidden />
          </span>
        )}
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <Icon
              className="size-4 text-muted-foreground"
              aria-label={isPost ? 'Post' : 'Person'}
            />
            <span className="font-medium break-words">{title}</span>
            {person && <span className="text-muted-foreground">@{person.username}</span>}
            <ReportStatusBadge status={group.status} />
            {group.targetState === 'removed' && <Badge variant="destructive">Post removed</Badge>}
            {group.targetState === 'blocked' && (
              <Badge variant="destructive">Account blocked</Badge>
            )}
          </span>
          {group.excerpt && (
            <span className="line-clamp-2 text-sm break-words text-muted-foreground">
              “{group.excerpt}”
            </span>
          )}
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="font-medium text-foreground tabular-nums">
              {group.reportCount === 1 ? '1 report' : `${group.reportCount} reports`}
            </span>
            <ReasonChips reasons={group.reasons} />
            {group.latestAt && (
              <span>
                latest <RelativeTime iso={group.latestAt} />
                {group.latest?.reporter && <> by {group.latest.reporter.fullName}</>}
              </span>
            )}
          </span>
        </span>
        <ChevronRight className="mt-2 size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Link>
    </li>
  )
}
