import { usePage } from '@inertiajs/react'
import { useEffect, useSyncExternalStore } from 'react'
import { CloudOff, Send } from 'lucide-react'
import { readOutbox, subscribeOutbox } from '~/lib/outbox'
import { offlineCopySavedAt, subscribeOfflineCopy } from '~/lib/offline_state'
import type { Data } from '~data'

/**
 * Offline reading and the outbox in the shell (issue 15 §1): starts
 * lib/offline.ts (lazily, after the page has loaded), shows the banner
 * over an offline copy and the "N waiting to send" note while the outbox
 * holds something.
 */
export function useOfflineSupport() {
  const page = usePage<Data.SharedProps>()
  const userId = page.props.auth.user?.id ?? null
  useEffect(() => {
    if (!userId) return
    const start = () =>
      void import('~/lib/offline').then((offline) => offline.startOffline(userId, page))
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    // Once per person: later pages are followed by the module itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId])
  return userId
}

function timeOf(savedAt: number) {
  return new Date(savedAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/** "You're offline — showing what you saw at 14:02", over a copy only. */
export function OfflineCopyBanner() {
  const savedAt = useSyncExternalStore(subscribeOfflineCopy, offlineCopySavedAt, () => null)
  return (
    <div role="status" aria-live="polite" className="contents">
      {savedAt !== null && (
        <p
          className="mb-4 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="offline-copy"
        >
          <CloudOff className="size-4 shrink-0" aria-hidden />
          <span>
            You’re offline — showing what you saw at{' '}
            <time dateTime={new Date(savedAt).toISOString()}>{timeOf(savedAt)}</time>.
          </span>
        </p>
      )}
    </div>
  )
}

/** "1 waiting to send" while the outbox holds something; a click sends now when online. */
export function OutboxStatus() {
  const page = usePage<Data.SharedProps>()
  const userId = page.props.auth.user?.id ?? null
  const count = useSyncExternalStore(
    subscribeOutbox,
    () => readOutbox(userId).length,
    () => 0
  )
  const items = count ? readOutbox(userId) : []
  return (
    <span role="status" aria-live="polite" className="contents">
      {count > 0 && userId && (
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          title={`Waiting: ${items.map((item) => item.label).join(', ')}. Sent when you are back online.`}
          data-testid="outbox-status"
          onClick={() =>
            void import('~/lib/offline').then((offline) => offline.flushOutbox(userId))
          }
        >
          <Send className="size-3.5" aria-hidden />
          {count} waiting to send
        </button>
      )}
    </span>
  )
}
