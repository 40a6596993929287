import { Download, FileText, Play } from 'lucide-react'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/**
 * A post's attachments (PRODUCT §3 "Media viewer"): 1 / 2 / 3 / 4+N
 * layouts for images and videos, PDFs listed below as file links. Clicking
 * a tile calls `onOpen(index)` (the lightbox); without a handler it opens
 * the file in a new tab. A single video plays inline.
 */
export function MediaGrid({
  media,
  onOpen,
  className,
}: {
  media: Data.Media[]
  /** Index into the visual items (images and videos, in order). */
  onOpen?: (index: number, items: Data.Media[]) => void
  className?: string
}) {
  const visual = media.filter((item) => item.kind !== 'pdf')
  const files = media.filter((item) => item.kind === 'pdf')
  if (media.length === 0) return null
  return (
    <div className={cn('grid gap-2', className)} data-testid="media-grid">
      {visual.length === 1 && (
        <Single item={visual[0]} onOpen={() => onOpen?.(0, visual)} clickable={!!onOpen} />
      )}
      {visual.length > 1 && <Tiles items={visual} onOpen={onOpen} />}
      {files.length > 0 && (
        <ul className="grid gap-2" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id} className="flex items-center rounded-lg border bg-muted/40 text-sm">
              <a
                href={file.url}
                target="_blank"
                rel="noopener"
                className="flex min-w-0 flex-1 items-center gap-3 rounded-l-lg px-3 py-2 hover:bg-muted"
              >
                <FileText className="size-5 shrink-0 text-destructive" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">PDF · open</span>
              </a>
              <a
                href={`${file.url}?download=1`}
                download={file.name}
                className="grid size-10 shrink-0 place-items-center rounded-r-lg border-l text-muted-foreground hover:bg-muted hover:text-foreground"
                aria-label={`Download ${file.name}`}
                title="Download"
              >
                <Download className="size-4" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Single({
  item,
  onOpen,
  clickable,
}: {
  item: Data.Media
  onOpen: () => void
  clickable: boolean
}) {
  if (item.kind === 'video') {
    return (
      <video
        controls
        preload="metadata"
        playsInline
        poster={item.thumbUrl ?? undefined}
        src={item.url}
        className="max-h-[32rem] w-full rounded-lg bg-black"
        aria-label={item.name ? `Video: ${item.name}` : 'Video'}
      />
    )
  }
  const ratio = item.width && item.height ? item.width / item.height : 4 / 3
  return (
    <Tile item={item} label="Open image" onOpen={onOpen} clickable={clickable}>
      <img
        src={item.displayUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        style={{ aspectRatio: String(Math.min(Math.max(ratio, 0.6), 2.4)) }}
        className="max-h-[32rem] w-full rounded-lg bg-muted object-cover"
      />
    </Tile>
  )
}

function Tiles({
  items,
  onOpen,
}: {
  items: Data.Media[]
  onOpen?: (index: number, items: Data.Media[]) => void
}) {
  const shown = items.slice(0, 4)
  const hidden = items.length - shown.length
  const count = shown.length
  return (
    <div
      className={cn(
        'grid gap-1 overflow-hidden rounded-lg',
        count === 2 && 'aspect-[2/1] grid-cols-2',
        count === 3 && 'aspect-[3/2] grid-cols-2 grid-rows-2',
        count === 4 && 'aspect-square grid-cols-2 grid-rows-2 sm:aspect-[4/3]'
      )}
    >
      {shown.map((item, index) => {
        const more = index === 3 && hidden > 0 ? hidden : 0
        return (
          <Tile
            key={item.id}
            item={item}
            label={
              more > 0
                ? `Open ${item.kind}, ${more} more attachment${more > 1 ? 's' : ''}`
                : `Open ${item.kind} ${index + 1} of ${items.length}`
            }
            onOpen={() => onOpen?.(index, items)}
            clickable={!!onOpen}
            className={cn('h-full min-h-0', count === 3 && index === 0 && 'row-span-2')}
          >
            <Thumb item={item} />
            {more > 0 && (
              <span
                aria-hidden
                className="absolute inset-0 grid place-items-center bg-black/55 text-2xl font-semibold text-white"
              >
                +{more}
              </span>
            )}
          </Tile>
        )
      })}
    </div>
  )
}

function Thumb({ item }: { item: Data.Media }) {
  if (item.kind === 'video') {
    return (
      <span className="relative grid size-full place-items-center bg-neutral-900">
        {item.thumbUrl && (
          <img
            src={item.thumbUrl}
            alt=""
            loading="lazy"
            className="absolute inset-0 size-full object-cover opacity-80"
          />
        )}
        <span className="relative grid size-12 place-items-center rounded-full bg-black/60 text-white">
          <Play className="size-6" aria-hidden />
        </span>
      </span>
    )
  }
  return (
    <img
      src={item.thumbUrl ?? item.displayUrl}
      alt=""
      loading="lazy"
      decoding="async"
      className="size-full bg-muted object-cover"
    />
  )
}

function Tile({
  item,
  label,
  onOpen,
  clickable,
  className,
  children,
}: {
  item: Data.Media
  label: string
  onOpen: () => void
  clickable: boolean
  className?: string
  children: React.ReactNode
}) {
  const classes = cn(
    'relative block overflow-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
    className
  )
  if (clickable) {
    return (
      <button type="button" className={classes} onClick={onOpen} aria-label={label}>
        {children}
      </button>
    )
  }
  return (
    <a href={item.url} target="_blank" rel="noopener" className={classes} aria-label={label}>
      {children}
    </a>
  )
}
