import type { ReactNode } from 'react'
import { CheckCircle2, RefreshCw } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'

/**
 * The end of a paged result list: a retry after a failed page, "Show more"
 * when paging is manual, or the end marker.
 */
export function ListFooter({
  hasMore,
  failed,
  manual,
  fetch,
  more,
  end,
}: {
  hasMore: boolean
  failed: boolean
  manual: boolean
  fetch: () => void
  more: string
  end: ReactNode
}) {
  if (failed && hasMore) {
    return (
      <div
        role="alert"
        className="mt-2 flex flex-wrap items-center justify-center gap-3 rounded-xl border border-dashed px-4 py-4 text-sm"
      >
        <span className="text-destructive">The next results could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={() => fetch()}>
          <RefreshCw className="size-4" aria-hidden /> Retry
        </Button>
      </div>
    )
  }
  if (hasMore && manual) {
    return (
      <div className="mt-2 flex justify-center">
        <Button variant="outline" size="sm" onClick={() => fetch()}>
          {more}
        </Button>
      </div>
    )
  }
  if (!hasMore && end) {
    return (
      <p
        className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground"
        data-testid="search-end"
      >
        <CheckCircle2 className="size-4" aria-hidden /> {end}
      </p>
    )
  }
  return null
}

/** Placeholder rows while the next page loads. */
export function ListSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading results" className="mt-2 grid gap-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border bg-card p-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
