import { useEffect, useSyncExternalStore } from 'react'
import { X } from 'lucide-react'
import {
  dismissFallbackToast,
  fallbackToasts,
  loadedSonner,
  loadSonner,
  onToasterWanted,
  toasterWanted,
  wantToaster,
} from '~/lib/toast'
import { cn } from '~/lib/utils'

/**
 * The toasts' live region (sonner's Toaster, top centre, coloured, with a
 * close button), fetched when the page is idle after its first paint or at
 * the first toast, whichever comes first: never part of the first load.
 * While it cannot be fetched (offline before it arrived), the toasts show
 * in a plain list in the same place, and it is fetched again once back
 * online.
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  const sonner = useSyncExternalStore(onToasterWanted, loadedSonner, () => null)
  const fallback = useSyncExternalStore(onToasterWanted, fallbackToasts, fallbackToasts)

  useEffect(() => {
    if (wanted) return
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(wantToaster, { timeout: 3000 })
      : window.setTimeout(wantToaster, 1500)
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [wanted])

  useEffect(() => {
    if (!wanted || sonner) return
    const load = () => void loadSonner().catch(() => {})
    load()
    window.addEventListener('online', load)
    return () => window.removeEventListener('online', load)
  }, [wanted, sonner])

  return (
    <>
      {sonner && <sonner.Toaster position="top-center" richColors closeButton />}
      <FallbackToasts toasts={fallback} />
    </>
  )
}

function FallbackToasts({ toasts }: { toasts: ReturnType<typeof fallbackToasts> }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="fallback-toast"
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg',
            item.kind === 'error'
              ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100'
          )}
        >
          <p className="min-w-0 flex-1 break-words">{item.message}</p>
          <button
            type="button"
            aria-label="Close"
            className="shrink-0 rounded opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => dismissFallbackToast(item.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </div>
  )
}
