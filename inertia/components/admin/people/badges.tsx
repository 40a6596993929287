import type { Data } from '~data'
import { cn } from '~/lib/utils'

type State = Data.Admin.Person['state']

const STATE_STYLES: Record<State, string> = {
  active: 'bg-success text-success-foreground',
  blocked: 'bg-red-100 text-red-900 dark:bg-red-950/70 dark:text-red-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  rejected: 'bg-muted text-muted-foreground',
  unverified: 'bg-muted text-muted-foreground',
  deletion_pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  deleted: 'bg-muted text-muted-foreground',
}

export const STATE_LABELS: Record<State, string> = {
  active: 'Active',
  blocked: 'Blocked',
  pending: 'Waiting for approval',
  rejected: 'Rejected',
  unverified: 'E-mail not verified',
  deletion_pending: 'Deletion pending',
  deleted: 'Deleted',
}

const pill = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'

/** An account's state as a pill (text, not colour alone). */
export function StateBadge({ state }: { state: State }) {
  return (
    <span className={cn(pill, STATE_STYLES[state])} data-testid="state-badge">
      {STATE_LABELS[state]}
    </span>
  )
}

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  member: 'Member',
  external: 'External',
}

export function RoleBadge({ role }: { role: string }) {
  return (
    <span
      className={cn(
        pill,
        role === 'admin'
          ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200'
          : 'border bg-card text-foreground'
      )}
    >
      {ROLE_LABELS[role] ?? role}
    </span>
  )
}

/** "12 Mar 2026" in the viewer's locale, or a dash. */
export function shortDate(iso: string | null) {
  if (!iso) return '—'
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
}
