import { FileText, Play, RotateCcw, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/**
 * The files a post already has (edit page). Each can be marked for removal
 * and restored until the form is saved; marked files are dimmed and
 * struck through, and the server deletes them only when the edit is saved.
 */
export function ExistingMediaList({
  media,
  removed,
  onToggle,
  disabled,
}: {
  media: Data.Media[]
  removed: number[]
  onToggle: (id: number) => void
  disabled?: boolean
}) {
  if (media.length === 0) return null
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Attached files">
      {media.map((item) => {
        const isRemoved = removed.includes(item.id)
        return (
          <li
            key={item.id}
            className={cn(
              'relative overflow-hidden rounded-lg border bg-muted',
              isRemoved && 'opacity-50'
            )}
          >
            <Thumbnail item={item} />
            <div className="flex items-center gap-1 border-t bg-card px-2 py-1">
              <span
                className={cn('min-w-0 flex-1 truncate text-xs', isRemoved && 'line-through')}
                title={item.name}
              >
                {item.name}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={disabled}
                onClick={() => onToggle(item.id)}
                aria-pressed={isRemoved}
                aria-label={isRemoved ? `Keep ${item.name}` : `Remove ${item.name}`}
              >
                {isRemoved ? (
                  <RotateCcw className="size-3.5" aria-hidden />
                ) : (
                  <X className="size-3.5" aria-hidden />
                )}
              </Button>
            </div>
            {isRemoved && (
              <span className="absolute top-1 left-1 rounded bg-destructive px-1.5 py-0.5 text-[10px] font-semibold text-destructive-foreground">
                Will be removed
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function Thumbnail({ item }: { item: Data.Media }) {
  if (item.kind === 'pdf') {
    return (
      <span className="grid aspect-video place-items-center">
        <FileText className="size-8 text-destructive" aria-hidden />
      </span>
    )
  }
  if (item.kind === 'video') {
    return (
      <span className="relative grid aspect-video place-items-center bg-neutral-900">
        {item.thumbUrl && (
          <img src={item.thumbUrl} alt="" className="absolute inset-0 size-full object-cover" />
        )}
        <Play className="relative size-6 text-white" aria-hidden />
      </span>
    )
  }
  return (
    <img
      src={item.thumbUrl ?? item.displayUrl}
      alt=""
      loading="lazy"
      className="aspect-video w-full object-cover"
    />
  )
}
