import type { ReactNode } from 'react'
import { cn } from '~/lib/utils'

/**
 * One block of a settings page: a heading and a short explanation on the
 * left (top on small screens), the form on the right.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
  tone?: 'default' | 'danger'
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'grid gap-6 rounded-xl border bg-card p-6 text-card-foreground shadow-sm md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]',
        tone === 'danger' && 'border-red-300 dark:border-red-900'
      )}
    >
      <div>
        <h2
          id={`${id}-title`}
          className={cn('text-base font-semibold', tone === 'danger' && 'text-destructive')}
        >
          {title}
        </h2>
        <div className="mt-1 text-sm text-muted-foreground">{description}</div>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  )
}
