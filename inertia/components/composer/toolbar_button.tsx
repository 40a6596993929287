import { forwardRef, type ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/**
 * A formatting button of the editor's toolbar: icon only, named for screen
 * readers (and as a tooltip), `aria-pressed` when the format is active.
 * Forwards its ref so it can be a Radix trigger.
 */
export const ToolbarButton = forwardRef<
  HTMLButtonElement,
  ComponentProps<'button'> & { label: string; pressed?: boolean; shortcut?: string }
>(function ToolbarButtonView({ label, pressed, shortcut, className, children, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      // Keep the editor's selection when clicking a button with the mouse.
      onMouseDown={(event) => event.preventDefault()}
      className={cn(
        'grid size-8 place-items-center rounded-md transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
        pressed ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
        className
      )}
      {...props}
    >
      {children}
    </button>
  )
})
