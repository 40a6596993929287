import type { ReactNode } from 'react'

/** A titled card of Profile/Index, with a line to show when it is empty. */
export function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string
  empty: string
  count: number
  children: ReactNode
}) {
  return (
    <section className="rounded-xl border bg-card shadow-sm" aria-label={title}>
      <h2 className="border-b px-4 py-3 text-sm font-semibold">{title}</h2>
      {count === 0 ? <p className="px-4 py-6 text-sm text-muted-foreground">{empty}</p> : children}
    </section>
  )
}
