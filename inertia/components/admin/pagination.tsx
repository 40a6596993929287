import { Link } from '@adonisjs/inertia/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '~/lib/utils'

export type PaginationMeta = {
  total: number
  perPage: number
  currentPage: number
  lastPage: number
  firstPageUrl: string
  previousPageUrl: string | null
  nextPageUrl: string | null
}

const linkClass =
  'inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring'

/** "Showing 21–40 of 95" with previous / next links (URLs from the server keep the filters). */
export function Pagination({ meta, noun }: { meta: PaginationMeta; noun: string }) {
  if (meta.total === 0) return null
  const from = (meta.currentPage - 1) * meta.perPage + 1
  const to = Math.min(meta.total, meta.currentPage * meta.perPage)
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground">
        {from <= meta.total
          ? `Showing ${from}–${to} of ${meta.total} ${noun}`
          : `${meta.total} ${noun} in total`}
      </p>
      {meta.lastPage > 1 && (
        <div className="flex items-center gap-2">
          {meta.previousPageUrl ? (
            <Link href={meta.previousPageUrl} preserveScroll className={linkClass} rel="prev">
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </Link>
          ) : (
            <span className={cn(linkClass, 'pointer-events-none opacity-50')} aria-disabled="true">
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </span>
          )}
          <span className="px-1 tabular-nums text-muted-foreground">
            Page {meta.currentPage} of {meta.lastPage}
          </span>
          {meta.nextPageUrl ? (
            <Link href={meta.nextPageUrl} preserveScroll className={linkClass} rel="next">
              Next <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : (
            <span className={cn(linkClass, 'pointer-events-none opacity-50')} aria-disabled="true">
              Next <ChevronRight className="size-4" aria-hidden />
            </span>
          )}
        </div>
      )}
    </nav>
  )
}
