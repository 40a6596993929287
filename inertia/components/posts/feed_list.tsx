import type { ReactNode } from 'react'
import { InfiniteScroll } from '@inertiajs/react'
import { useLoadFailure } from '~/hooks/use_load_failure'
import { CheckCircle2, RefreshCw } from 'lucide-react'
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { FeedSkeleton } from '~/components/shell/feed_skeleton'
import { PostCard } from '~/components/posts/post_card'
import type { OpenMedia } from '~/components/posts/post_card_parts'
import { Button } from '~/components/ui/button'
import type { Data } from '~data'

/**
 * An infinitely scrolling list of post cards, newest first. The server sends
 * pages as the scroll prop `posts` (inertia.scroll, keyset cursor); reaching
 * the end loads the next page by a partial reload of that prop only, merged
 * by post id. Skeletons while loading, a retry button when a page fails, and
 * an end marker once everything is shown. `empty` renders when there is
 * nothing at all. Images and videos open in the posts feature's lightbox
 * unless `onOpenMedia` is given.
 */
export function FeedList({
  posts,
  propName = 'posts',
  empty,
  showStatus = false,
  onOpenMedia,
  endLabel = "You're all caught up",
}: {
  posts: { data: Data.Post[] }
  propName?: string
  empty: ReactNode
  showStatus?: boolean
  onOpenMedia?: OpenMedia
  endLabel?: string
}) {
  const load = useLoadFailure()
  const failed = load.failed
  const media = useMediaViewer()
  const openMedia = onOpenMedia ?? media.open

  if (posts.data.length === 0) return <>{empty}</>

  return (
    <>
      <InfiniteScroll
        data={propName}
        onlyNext
        preserveUrl
        buffer={600}
        manual={failed}
        as="div"
        className="grid gap-4"
        params={load.params}
        loading={() => <FeedSkeleton count={2} />}
        next={({ hasMore, loading, fetch }) => {
          if (loading) return null
          if (failed && hasMore) {
            return (
              <div
                role="alert"
                className="flex flex-wrap items-center justify-center gap-3 rounded-xl border border-dashed px-4 py-6 text-sm"
              >
                <span className="text-destructive">The next posts could not be loaded.</span>
                <Button variant="outline" size="sm" onClick={() => fetch()}>
                  <RefreshCw className="size-4" aria-hidden /> Retry
                </Button>
              </div>
            )
          }
          if (!hasMore) {
            return (
              <p
                className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground"
                data-testid="feed-end"
              >
                <CheckCircle2 className="size-4" aria-hidden /> {endLabel}
              </p>
            )
          }
          return null
        }}
      >
        {posts.data.map((post) => (
          <PostCard key={post.id} post={post} showStatus={showStatus} onOpenMedia={openMedia} />
        ))}
      </InfiniteScroll>
      {media.viewer}
    </>
  )
}
