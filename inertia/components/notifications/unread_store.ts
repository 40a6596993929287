import { useSyncExternalStore } from 'react'
import type { Data } from '~data'

/**
 * The signed-in user's notification state shared by the bell, its dropdown
 * and the notifications page: the unread count and a stream of changes
 * (created, read). Tabs of the same browser stay in step through a
 * BroadcastChannel (the live socket also tells every tab; this covers
 * actions taken in one tab while another's socket is reconnecting).
 */
export type NotificationChange =
  | { type: 'created'; notification: Data.Notification; replaces: number | null }
  | { type: 'read'; ids: number[]; all: boolean }

type Message = {
  unread?: number
  change?: NotificationChange
}

let unread: number | null = null
const countListeners = new Set<() => void>()
const changeListeners = new Set<(change: NotificationChange) => void>()

const tabs =
  typeof window !== 'undefined' && 'BroadcastChannel' in window
    ? new BroadcastChannel('huddle:notifications')
    : null

tabs?.addEventListener('message', (event: MessageEvent<Message>) => {
  const data = event.data
  if (typeof data?.unread === 'number') applyUnread(data.unread)
  if (data?.change) emit(data.change)
})

function applyUnread(count: number) {
  const next = Math.max(0, Math.trunc(count))
  if (unread === next) return
  unread = next
  for (const listener of countListeners) listener()
}

function emit(change: NotificationChange) {
  for (const listener of changeListeners) listener(change)
}

/** Sets the unread count here and in the browser's other tabs. */
export function setUnread(count: number) {
  applyUnread(count)
  tabs?.postMessage({ unread: unread ?? 0 } satisfies Message)
}

/** A server-rendered count (page props): taken as is, not echoed to other tabs. */
export function seedUnread(count: number) {
  applyUnread(count)
}

/** Tells this tab's lists (and, with `share`, other tabs') about a change. */
export function publishChange(change: NotificationChange, share = true) {
  emit(change)
  if (share) tabs?.postMessage({ change } satisfies Message)
}

export function onNotificationChange(listener: (change: NotificationChange) => void) {
  changeListeners.add(listener)
  return () => {
    changeListeners.delete(listener)
  }
}

function subscribe(listener: () => void) {
  countListeners.add(listener)
  return () => {
    countListeners.delete(listener)
  }
}

/** The current unread count (`fallback` until anything set it). */
export function useUnreadCount(fallback: number) {
  return useSyncExternalStore(
    subscribe,
    () => unread ?? fallback,
    () => fallback
  )
}
