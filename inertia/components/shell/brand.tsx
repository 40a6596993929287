import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/** The team's mark and name, linking home. */
export function Brand({ className, suffix }: { className?: string; suffix?: string }) {
  const { team } = usePage<Data.SharedProps>().props
  const content = (
    <>
      <span
        className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary text-sm font-bold text-primary-foreground"
        aria-hidden
      >
        {team.abbreviation.slice(0, 2)}
      </span>
      <span className={cn('truncate', className)}>
        {team.name}
        {suffix && <span className="font-normal text-muted-foreground"> {suffix}</span>}
      </span>
    </>
  )
  return (
    <Link route="home" className="flex min-w-0 items-center gap-2 rounded-md font-semibold">
      {content}
    </Link>
  )
}
