import { Badge } from '~/components/ui/badge'

export type ReportStatus = 'pending' | 'reviewed' | 'resolved' | 'dismissed'

const STATUS = {
  pending: { label: 'Pending', variant: 'warning' },
  reviewed: { label: 'Reviewed', variant: 'secondary' },
  resolved: { label: 'Resolved', variant: 'success' },
  dismissed: { label: 'Dismissed', variant: 'outline' },
} as const

/** A report's (or a reported target's) status: pending → reviewed → resolved | dismissed. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const badge = STATUS[status]
  return <Badge variant={badge.variant}>{badge.label}</Badge>
}

/** "Spam × 3" chips. */
export function ReasonChips({
  reasons,
}: {
  reasons: { reason: string; label: string; count: number }[]
}) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {reasons.map((item) => (
        <Badge key={item.reason} variant="secondary">
          {item.label}
          {item.count > 1 && <span className="tabular-nums"> × {item.count}</span>}
        </Badge>
      ))}
    </span>
  )
}
