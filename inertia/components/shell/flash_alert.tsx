import { useEffect, useRef, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { CheckCircle2, X } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'

/**
 * The global success message (seed §2): a green alert headed "Success." with
 * the message and a dismiss button, brought into view when it appears.
 * Errors flashed by the server show as a toast.
 *
 * Flash messages arrive in Inertia 3's first-class `page.flash` (the server
 * middleware's `flash()`); every server response brings a new flash object,
 * so a dismissed message shows again when the server flashes it again.
 */
export function FlashAlert() {
  const { flash } = usePage()
  const [dismissed, setDismissed] = useState<object | null>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (flash.error) toast.error(flash.error, { id: `flash-error:${flash.error}` })
    if (flash.success) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [flash])

  if (!flash.success || dismissed === flash) return null
  return (
    <Alert ref={ref} variant="success" role="status" data-testid="flash-success" className="mb-4">
      <CheckCircle2 aria-hidden />
      <div className="min-w-0 flex-1">
        <AlertTitle>Success.</AlertTitle>
        <AlertDescription>{flash.success}</AlertDescription>
      </div>
      <button
        type="button"
        onClick={() => setDismissed(flash)}
        className="-m-1 rounded-md p-1 hover:bg-green-200/60 dark:hover:bg-green-900/60"
        aria-label="Dismiss"
      >
        <X className="size-4" aria-hidden />
      </button>
    </Alert>
  )
}
