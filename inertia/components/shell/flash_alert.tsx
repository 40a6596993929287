import { useEffect, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { CheckCircle2, X } from 'lucide-react'
import { toast } from 'sonner'

/**
 * The global success message (seed §2): a green alert headed "Success." with
 * the message and a dismiss button. Errors flashed by the server show as a toast.
 */
export function FlashAlert() {
  const page = usePage()
  const flash = (page.flash ?? {}) as { success?: string; error?: string }
  const [dismissed, setDismissed] = useState<string | null>(null)

  useEffect(() => {
    setDismissed(null)
    if (flash.error) toast.error(flash.error)
  }, [flash.success, flash.error])

  if (!flash.success || dismissed === flash.success) return null
  return (
    <div
      role="status"
      data-testid="flash-success"
      className="mb-4 flex items-start gap-3 rounded-lg border border-green-300 bg-success p-4 text-success-foreground dark:border-green-900"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex-1 text-sm">
        <p className="font-semibold">Success.</p>
        <p>{flash.success}</p>
      </div>
      <button
        type="button"
        onClick={() => setDismissed(flash.success!)}
        className="rounded p-1 hover:bg-green-200/60 dark:hover:bg-green-900/60"
        aria-label="Dismiss"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  )
}
