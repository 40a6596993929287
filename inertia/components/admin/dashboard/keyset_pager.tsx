import { Link } from '@adonisjs/inertia/react'
import { ChevronRight, ChevronsLeft } from 'lucide-react'

const linkClass =
  'inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring'

/**
 * Keyset pages: "First page" once past it, "Next page" while more follow.
 * `href(cursor)` builds the URL with the page's filters.
 */
export function KeysetPager({
  cursor,
  nextCursor,
  href,
}: {
  cursor: string | null
  nextCursor: string | null
  href: (cursor?: string) => string
}) {
  if (!cursor && !nextCursor) return null
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      {cursor ? (
        <Link href={href()} className={linkClass}>
          <ChevronsLeft className="size-4" aria-hidden /> First page
        </Link>
      ) : (
        <span />
      )}
      {nextCursor && (
        <Link href={href(nextCursor)} className={linkClass} rel="next">
          Next page <ChevronRight className="size-4" aria-hidden />
        </Link>
      )}
    </nav>
  )
}
