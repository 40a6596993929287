/**
 * Toasts (sonner), loaded on demand: sonner (about 9 KB gzip) is not part
 * of any page's first load (issue 18 §4). `toast.success()` / `toast.error()`
 * take what sonner's do; the toast shows as soon as the library has arrived
 * (sonner replays the toasts raised before its Toaster subscribed).
 * `<AppToaster />` (components/shell/app_toaster.tsx) mounts the Toaster
 * once the page is idle, or at the first toast if that comes sooner.
 */
type Sonner = typeof import('sonner')
type Options = { id?: string | number; description?: string }

let sonner: Promise<Sonner> | null = null
let requested = false
const listeners = new Set<() => void>()

/** The library, fetched once (again after a failed fetch). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner')
  sonner.catch(() => {
    sonner = null
  })
  return sonner
}

/** Whether the Toaster should be mounted now (a toast is waiting, or the page is idle). */
export function toasterWanted() {
  return requested
}

export function onToasterWanted(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function wantToaster() {
  if (requested) return
  requested = true
  for (const listener of listeners) listener()
}

function show(kind: 'success' | 'error', message: string, options?: Options) {
  wantToaster()
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    // The chunk could not be fetched (offline, replaced by a deploy): say it anyway.
    () => console.error(message)
  )
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
}
