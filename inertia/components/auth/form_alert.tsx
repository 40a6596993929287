import type { ReactNode } from 'react'
import { AlertCircle, Info } from 'lucide-react'
import { cn } from '~/lib/utils'

/**
 * A message about the whole form (an expired link, a rate limit, closed
 * registration), as opposed to one field. Errors are announced (role=alert).
 */
export function FormAlert({
  variant = 'error',
  title,
  children,
  className,
}: {
  variant?: 'error' | 'info'
  title?: string
  children: ReactNode
  className?: string
}) {
  const Icon = variant === 'error' ? AlertCircle : Info
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 text-sm',
        variant === 'error'
          ? 'border-destructive/40 bg-destructive/10 text-destructive'
          : 'border-border bg-muted text-foreground',
        className
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  )
}
