import { usePage } from '@inertiajs/react'
import { useModerationCounts, type ModerationCounts } from '~/hooks/use_moderation_counts'
import type { Data } from '~data'

const LABELS: Record<keyof ModerationCounts, [string, string]> = {
  pendingPosts: ['post waiting', 'posts waiting'],
  openReports: ['open report', 'open reports'],
}

/** The "Moderation queue" entry's count of posts waiting. */
export function PendingPostsBadge() {
  return <ModerationBadge count="pendingPosts" />
}

/** The "Reports" entry's count of open reports. */
export function OpenReportsBadge() {
  return <ModerationBadge count="openReports" />
}

/**
 * An admin menu entry's moderation count ("Moderation queue": pending
 * posts, "Reports": open reports): the shared prop `moderation` of the
 * last page load (admins only), then every count pushed on the admins'
 * channel, so it moves without a reload. Nothing when zero or not admin.
 */
function ModerationBadge({ count }: { count: keyof ModerationCounts }) {
  const shared = usePage<Data.SharedProps>().props.moderation ?? null
  // Not an admin: no channel to listen to (it would be refused).
  if (!shared) return null
  return <LiveCount count={count} initial={shared} />
}

function LiveCount({
  count,
  initial,
}: {
  count: keyof ModerationCounts
  initial: ModerationCounts
}) {
  const value = useModerationCounts(initial)[count]
  if (value <= 0) return null
  const [one, many] = LABELS[count]
  return (
    <span
      className="ml-auto grid min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
      data-testid={`moderation-badge-${count}`}
    >
      {value > 99 ? '99+' : value}
      <span className="sr-only"> {value === 1 ? one : many}</span>
    </span>
  )
}
