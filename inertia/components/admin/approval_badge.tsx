import { cn } from '~/lib/utils'

const STYLES: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-success text-success-foreground',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950/70 dark:text-red-200',
}

const LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** An external account's approval status as a coloured pill (text, not colour alone). */
export function ApprovalBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[status] ?? 'bg-muted'
      )}
    >
      {LABELS[status] ?? status}
    </span>
  )
}
