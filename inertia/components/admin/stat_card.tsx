import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowRight } from 'lucide-react'
import { cn } from '~/lib/utils'

/**
 * One dashboard figure with its definition written next to it
 * (PRODUCT §9), optionally linking to the list it counts.
 */
export function StatCard({
  label,
  value,
  definition,
  icon,
  href,
  linkLabel,
  highlight = false,
  testId,
}: {
  label: string
  value: number
  definition: string
  icon: ReactNode
  href?: string
  linkLabel?: string
  highlight?: boolean
  testId?: string
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
        highlight && 'border-amber-300 dark:border-amber-800'
      )}
    >
      {/* A <dl>'s group holds <dt> and <dd> directly: the icon sits inside the <dt>. */}
      <dt className="flex items-center justify-between gap-3 text-sm font-medium text-muted-foreground">
        {label}
        <span
          className="grid size-9 place-items-center rounded-lg bg-accent text-accent-foreground"
          aria-hidden
        >
          {icon}
        </span>
      </dt>
      <dd className="text-3xl font-semibold tabular-nums">{value.toLocaleString()}</dd>
      <dd className="text-xs leading-relaxed text-muted-foreground">{definition}</dd>
      {href && (
        <dd className="mt-auto">
          <Link
            href={href}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {linkLabel ?? 'View list'}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </dd>
      )}
    </div>
  )
}
