import type { ReactNode } from 'react'
import { InfiniteScroll } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { CheckCircle2, Play, RefreshCw } from 'lucide-react'
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { useLoadFailure } from '~/hooks/use_load_failure'
import type { Data } from '~data'

/**
 * A square grid of photos or videos that loads more as it scrolls (the
 * scroll prop `media`, keyset cursor, merged by id), with skeleton tiles
 * while loading, Retry when a page fails and an end marker. A tile opens
 * the lightbox on that file with every loaded file of the grid (← → move,
 * Esc closes, videos play inline).
 */
export function AlbumGrid({
  media,
  kind,
  empty,
  endLabel,
}: {
  media: { data: Data.Media.Variants['forAlbum'][] }
  kind: 'image' | 'video'
  empty: ReactNode
  endLabel: string
}) {
  const load = useLoadFailure()
  const viewer = useMediaViewer()
  const items = media.data

  if (items.length === 0) return <>{empty}</>

  return (
    <>
      <InfiniteScroll
        data="media"
        onlyNext
        preserveUrl
        buffer={600}
        manual={load.failed}
        params={load.params}
        as="ul"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4"
        aria-label={kind === 'image' ? 'My photos' : 'My videos'}
        loading={() => <AlbumSkeleton />}
        next={({ hasMore, loading, fetch }) => {
          if (loading) return null
          if (load.failed && hasMore) {
            return (
              <div
                role="alert"
                className="mt-4 flex flex-wrap items-center justify-center gap-3 rounded-xl border border-dashed px-4 py-6 text-sm"
              >
                <span className="text-destructive">
                  The next {kind === 'image' ? 'photos' : 'videos'} could not be loaded.
                </span>
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
                data-testid="album-end"
              >
                <CheckCircle2 className="size-4" aria-hidden /> {endLabel}
              </p>
            )
          }
          return null
        }}
      >
        {items.map((item, index) => (
          <li key={item.id} className="group relative" data-testid="album-tile">
            <button
              type="button"
              onClick={() => viewer.open(items, index)}
              className="block aspect-square w-full overflow-hidden rounded-lg bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={`${kind === 'image' ? 'Open photo' : 'Play video'} ${item.name}`}
            >
              {item.kind === 'video' ? (
                <>
                  <video
                    src={`${item.url}#t=0.1`}
                    poster={item.thumbUrl ?? undefined}
                    preload="metadata"
                    muted
                    playsInline
                    className="size-full object-cover"
                    aria-hidden
                    tabIndex={-1}
                  />
                  <span className="absolute inset-0 grid place-items-center">
                    <span className="grid size-12 place-items-center rounded-full bg-black/60 text-white">
                      <Play className="size-6 translate-x-0.5" aria-hidden />
                    </span>
                  </span>
                </>
              ) : (
                <img
                  src={item.thumbUrl ?? item.displayUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={item.width ?? undefined}
                  height={item.height ?? undefined}
                  className="size-full object-cover transition-transform duration-200 group-hover:scale-105 motion-reduce:transition-none"
                />
              )}
            </button>
            <Link
              route="posts.show"
              routeParams={{ id: item.postId }}
              className="absolute right-1.5 bottom-1.5 rounded-md bg-black/60 px-2 py-0.5 text-xs text-white opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100"
            >
              View post
            </Link>
          </li>
        ))}
      </InfiniteScroll>
      {viewer.viewer}
    </>
  )
}

export function AlbumSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4"
      data-testid="album-skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-square w-full rounded-lg" />
      ))}
    </div>
  )
}
