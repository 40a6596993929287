import { Check } from 'lucide-react'

/**
 * "Saved." next to a form's submit button for 2 seconds after a successful
 * save (recentlySuccessful of useForm or Form), announced to screen readers.
 */
export function SavedIndicator({ show, label = 'Saved.' }: { show: boolean; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="text-sm text-muted-foreground">
      {show && (
        <span
          className="inline-flex items-center gap-1 text-success-foreground dark:text-green-400"
          data-testid="saved-indicator"
        >
          <Check className="size-4" aria-hidden />
          {label}
        </span>
      )}
    </span>
  )
}
