import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'

/** A drill-down page's title, the definition of what it lists, and the way back to the dashboard. */
export function DrilldownHeader({
  title,
  definition,
  children,
}: {
  title: string
  definition: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="grid gap-2">
      <PageTitle title={title} />
      <Link
        route="dashboard"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Dashboard
      </Link>
      <h1 className="text-2xl font-semibold break-words">{title}</h1>
      <p className="max-w-3xl text-sm text-muted-foreground" data-testid="definition">
        {definition}
      </p>
      {children}
    </header>
  )
}
