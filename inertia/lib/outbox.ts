/**
 * The outbox (issue 15 §1): a post, comment or message written while
 * offline waits here, in this browser, under the signed-in person's id,
 * until the connection returns; lib/offline.ts sends it then, with its
 * Idempotency-Key so that sending twice (two tabs, a lost answer) still
 * makes one. Files wait too, in IndexedDB (lib/outbox_files.ts; `files`
 * counts them). Small on purpose (the shell's
 * "1 waiting to send" reads it on every page); the sending is lazy.
 */
export type OutboxKind = 'post' | 'comment' | 'message'
export type OutboxItem = {
  key: string
  kind: OutboxKind
  /** Where it goes (a route of this app) and the form fields it sends. */
  url: string
  fields: Record<string, string>
  /** What the person sees in the list ("Post", "Message to Ben"). */
  label: string
  createdAt: number
  /** How many files wait with it in lib/outbox_files.ts (sent as `files[]`). */
  files?: number
}

const PREFIX = 'huddle-outbox:'
/** The IndexedDB database of the items' files (lib/outbox_files.ts). */
export const OUTBOX_FILES_DB = 'huddle-outbox-files'
const CHANGED = 'huddle-outbox-changed'

function storageKey(userId: number) {
  return `${PREFIX}${userId}`
}

export function readOutbox(userId: number | null | undefined): OutboxItem[] {
  if (!userId) return []
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]')
    return Array.isArray(value) ? (value as OutboxItem[]) : []
  } catch {
    return []
  }
}

function write(userId: number, items: OutboxItem[]) {
  try {
    if (items.length) localStorage.setItem(storageKey(userId), JSON.stringify(items))
    else localStorage.removeItem(storageKey(userId))
  } catch {
    // Storage full or disabled: nothing kept.
  }
  window.dispatchEvent(new Event(CHANGED))
}

/** A fresh Idempotency-Key (8–100 letters, digits, "-"). */
export function newOutboxKey() {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`
}

/**
 * `key`: the Idempotency-Key the first attempt already went with (its answer
 * was lost), so that the server can tell if it arrived after all.
 */
export function addToOutbox(
  userId: number,
  item: Omit<OutboxItem, 'key' | 'createdAt'> & { key?: string }
) {
  const entry: OutboxItem = { ...item, key: item.key ?? newOutboxKey(), createdAt: Date.now() }
  write(userId, [...readOutbox(userId), entry])
  return entry
}

export function removeFromOutbox(userId: number, key: string) {
  write(
    userId,
    readOutbox(userId).filter((item) => item.key !== key)
  )
}

/** Every outbox in this browser (sign-out, user switch), their files included. */
export function forgetOutboxes() {
  try {
    globalThis.indexedDB?.deleteDatabase(OUTBOX_FILES_DB)
  } catch {}
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX)) localStorage.removeItem(key)
    }
  } catch {}
  window.dispatchEvent(new Event(CHANGED))
}

/** Changes in this tab (CHANGED) and in the others (storage). */
export function subscribeOutbox(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener()
  }
  window.addEventListener(CHANGED, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CHANGED, listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Whether a request should wait in the outbox rather than go now. */
export function isOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** A request that failed without an answer (status 0: no network). */
export function failedOffline(status: number) {
  return status === 0 || isOffline()
}
