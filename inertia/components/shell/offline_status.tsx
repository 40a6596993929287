import { usePage } from '@inertiajs/react'
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { CloudOff, Send } from 'lucide-react'
import { withPrimitives } from '~/components/ui/deferred'
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
  // The page on screen when the module starts (later, if it had to wait for the connection).
  const current = useRef(page)
  useEffect(() => {
    current.current = page
  })
  useEffect(() => {
    if (!userId) return
    // Whether this effect is still the current one: once the person signed
    // out (or the layout left), a fetch still in flight, or a wait for the
    // connection, must not start the module for them.
    let live = true
    const start = () => {
      if (!live) return
      void import('~/lib/offline')
        .then((offline) => {
          if (live) void offline.startOffline(userId, current.current)
        })
        .catch(() => {
          // Its code could not be fetched (the connection went before it
          // arrived, and no service worker serves it): once it is back.
          if (live) window.addEventListener('online', start, { once: true })
        })
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    // Once per person: later pages are followed by the module itself.
    return () => {
      live = false
      window.removeEventListener('load', start)
      window.removeEventListener('online', start)
    }
  }, [userId])
  return userId
}

// The list of what waits, drawn when the note is clicked: fetched after
// the first paint, with Radix (components/ui/deferred.tsx).
const OutboxList = withPrimitives(() =>
  import('~/components/offline/offline_notes').then((m) => m.OutboxList)
)

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

function subscribeOnline(changed: () => void) {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/**
 * "1 waiting to send" while the outbox holds something. A click opens the
 * list of what waits (each with its files and when it was written); online,
 * "Send now" sends it at once.
 */
export function OutboxStatus() {
  const page = usePage<Data.SharedProps>()
  const userId = page.props.auth.user?.id ?? null
  const count = useSyncExternalStore(
    subscribeOutbox,
    () => readOutbox(userId).length,
    () => 0
  )
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true
  )
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLSpanElement>(null)
  const panelId = useId()
  const items = count ? readOutbox(userId) : []
  const shown = open && count > 0

  useEffect(() => {
    if (!shown) return
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !box.current?.contains(event.target as Node)
      )
        setOpen(false)
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [shown])

  const sendNow = () => {
    if (!userId) return
    void import('~/lib/offline').then((offline) => offline.flushOutbox(userId))
  }

  return (
    <span ref={box} className="relative inline-flex">
      <span role="status" aria-live="polite" className="contents">
        {count > 0 && userId && (
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            aria-expanded={shown}
            aria-controls={panelId}
            data-testid="outbox-status"
            onClick={() => setOpen((value) => !value)}
          >
            <Send className="size-3.5" aria-hidden />
            {count} waiting to send
          </button>
        )}
      </span>
      {shown && <OutboxList id={panelId} items={items} online={online} onSendNow={sendNow} />}
    </span>
  )
}
