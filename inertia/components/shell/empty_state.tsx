import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cn } from '~/lib/utils'

/** A friendly "nothing here yet" block with an optional call to action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon
  title: string
  children?: ReactNode
  action?: ReactNode
  className?: string
}) {
  return (
    <section
      className={cn('rounded-xl border border-dashed bg-card px-6 py-12 text-center', className)}
      data-testid="empty-state"
    >
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <h2 className="mt-4 font-semibold">{title}</h2>
      {children && (
        <div className="mx-auto mt-1 max-w-sm text-sm text-muted-foreground">{children}</div>
      )}
      {action && <div className="mt-6 flex justify-center gap-3">{action}</div>}
    </section>
  )
}
