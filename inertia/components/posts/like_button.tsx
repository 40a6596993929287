import { Heart } from 'lucide-react'
import { cn } from '~/lib/utils'

/**
 * Like / unlike toggle (aria-pressed). The count is shown next to it; the
 * accessible name says what pressing does.
 */
export function LikeButton({
  liked,
  count,
  onToggle,
  disabled,
  size = 'md',
  subject = 'post',
}: {
  liked: boolean
  count: number
  onToggle: () => void
  disabled?: boolean
  size?: 'sm' | 'md'
  subject?: 'post' | 'comment'
}) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      // The name starts with the visible "Like" / "Liked" (WCAG 2.5.3).
      aria-label={`${liked ? 'Liked. Unlike' : 'Like'} this ${subject}${count ? ` (${count} ${count === 1 ? 'like' : 'likes'})` : ''}`}
      onClick={onToggle}
      disabled={disabled}
      data-testid={`like-${subject}`}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md font-medium transition-colors hover:bg-muted disabled:opacity-50',
        size === 'md' ? 'h-9 px-3 text-sm' : 'h-7 px-2 text-xs',
        liked ? 'text-rose-600 dark:text-rose-400' : 'text-muted-foreground hover:text-foreground'
      )}
    >
      <Heart
        className={cn(size === 'md' ? 'size-4.5' : 'size-3.5', liked && 'fill-current')}
        aria-hidden
      />
      <span className="tabular-nums">{count > 0 ? count : ''}</span>
      <span className="sr-only sm:not-sr-only">
        {size === 'md' ? (liked ? 'Liked' : 'Like') : ''}
      </span>
    </button>
  )
}
