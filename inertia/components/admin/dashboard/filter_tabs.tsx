import { Link } from '@adonisjs/inertia/react'
import { cn } from '~/lib/utils'

export type FilterTab = { key: string; label: string; href: string; count?: number }

/** A row of filter links (tabs of a drill-down list), the current one marked; counts optional. */
export function FilterTabs({
  tabs,
  current,
  label,
}: {
  tabs: FilterTab[]
  current: string
  label: string
}) {
  return (
    <nav
      aria-label={label}
      className="flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1"
    >
      {tabs.map((tab) => {
        const active = tab.key === current
        return (
          <Link
            key={tab.key}
            href={tab.href}
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
            {tab.count !== undefined && (
              <span className="rounded-full bg-background px-1.5 text-xs tabular-nums">
                {tab.count.toLocaleString()}
              </span>
            )}
          </Link>
        )
      })}
    </nav>
  )
}
