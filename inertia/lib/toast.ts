/**
 * Toasts (sonner), loaded on demand: sonner (about 9 KB gzip) is not part
 * of any page's first load (issue 18 §4). `toast.success()` / `toast.error()`
 * take what sonner's do; the toast shows as soon as the library has arrived
 * (sonner replays the toasts raised before its Toaster subscribed).
 * `<AppToaster />` (components/shell/app_toaster.tsx) mounts the Toaster
 * once the page is idle, or at the first toast if that comes sooner.
 *
 * When the library cannot be fetched (the connection dropped before the
 * page was idle, a deploy replaced the chunk), a toast still shows: it goes
 * to a plain list of its own (`fallbackToasts`), which `<AppToaster />`
 * renders in the same place until the library arrives.
 */
type Sonner = typeof import('sonner')
type Options = { id?: string | number; description?: string }
export type FallbackToast = { id: number; kind: 'success' | 'error'; message: string }

/** How long a toast of the fallback list stays, as sonner's default (4 s) plus reading time. */
const FALLBACK_TOAST_MS = 8000

let sonner: Promise<Sonner> | null = null
let loaded: Sonner | null = null
let requested = false
const listeners = new Set<() => void>()
let fallback: FallbackToast[] = []
let nextId = 1

function changed() {
  for (const listener of listeners) listener()
}

/** The library, fetched once (again after a failed fetch). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').then((module) => {
    loaded = module
    changed()
    return module
  })
  sonner.catch(() => {
    sonner = null
  })
  return sonner
}

/** The library once it has arrived (the Toaster is mounted then), else null. */
export function loadedSonner() {
  return loaded
}

/** Whether the Toaster should be mounted now (a toast is waiting, or the page is idle). */
export function toasterWanted() {
  return requested
}

/** The toasts raised while the library could not be fetched, oldest first. */
export function fallbackToasts() {
  return fallback
}

/** Changes of the three above. */
export function onToasterWanted(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function wantToaster() {
  if (requested) return
  requested = true
  changed()
}

export function dismissFallbackToast(id: number) {
  fallback = fallback.filter((item) => item.id !== id)
  changed()
}

function showFallback(kind: FallbackToast['kind'], message: string) {
  const id = nextId++
  fallback = [...fallback, { id, kind, message }]
  changed()
  window.setTimeout(() => dismissFallbackToast(id), FALLBACK_TOAST_MS)
}

function show(kind: 'success' | 'error', message: string, options?: Options) {
  wantToaster()
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    () => showFallback(kind, message)
  )
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
}
