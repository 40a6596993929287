import { Skeleton } from '~/components/ui/skeleton'

/**
 * Placeholder post cards for a feed that is loading (first page or the next
 * one): the same outline as a post card, announced once as "Loading posts".
 */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading posts"
      className="grid gap-4"
      data-testid="feed-skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        <PostCardSkeleton key={i} withMedia={i % 2 === 0} />
      ))}
    </div>
  )
}

export function PostCardSkeleton({ withMedia = false }: { withMedia?: boolean }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-3.5 w-36" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="mt-4 grid gap-2">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-11/12" />
        <Skeleton className="h-3.5 w-2/3" />
      </div>
      {withMedia && <Skeleton className="mt-4 aspect-video w-full rounded-lg" />}
      <div className="mt-4 flex gap-6">
        <Skeleton className="h-3.5 w-14" />
        <Skeleton className="h-3.5 w-20" />
      </div>
    </div>
  )
}
