import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'

/** What a list shows when it has nothing to show, with an optional way out. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon
  title: string
  children?: ReactNode
}) {
  return (
    <div className="px-6 py-12 text-center" data-testid="empty-state">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <p className="mt-4 font-semibold">{title}</p>
      {children && (
        <div className="mx-auto mt-1 max-w-sm text-sm text-muted-foreground">{children}</div>
      )}
    </div>
  )
}
