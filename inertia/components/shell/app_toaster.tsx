import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { loadSonner, onToasterWanted, toasterWanted, wantToaster } from '~/lib/toast'

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

/**
 * The toasts' live region (sonner's Toaster, top centre, coloured, with a
 * close button), fetched when the page is idle after its first paint or at
 * the first toast, whichever comes first: never part of the first load.
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
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
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  )
}
