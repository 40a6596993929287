/**
 * Whether the page on screen is an offline copy (issue 15 §1), and from
 * when: set by lib/offline.ts when it shows one after a failed visit, or
 * read from the `huddle-offline-copy` meta the service worker adds to a
 * copy it serves on a full load. Small on purpose: the shell's banner reads
 * it on every page.
 */
let copySavedAt: number | null = null
let initialised = false
const listeners = new Set<() => void>()

function fromDocument() {
  if (initialised || typeof document === 'undefined') return
  initialised = true
  const meta = document.querySelector('meta[name="huddle-offline-copy"]')
  const value = Number(meta?.getAttribute('content'))
  if (meta && Number.isFinite(value) && value > 0) copySavedAt = value
}

export function offlineCopySavedAt() {
  fromDocument()
  return copySavedAt
}

export function setOfflineCopy(savedAt: number | null) {
  fromDocument()
  if (copySavedAt === savedAt) return
  copySavedAt = savedAt
  document.querySelector('meta[name="huddle-offline-copy"]')?.remove()
  for (const listener of listeners) listener()
}

export function subscribeOfflineCopy(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
