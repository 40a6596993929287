import { useEffect, useRef, useSyncExternalStore } from 'react'
import { router, usePage } from '@inertiajs/react'
import { useChannelEvent, useConnectionState, usePresenceMembers } from '~/lib/realtime'
import { JsonRequestError, jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { publishChange, setUnread } from '~/components/notifications/unread_store'
import type { Data } from '~data'
import { userChannel, visibleTabsChannel } from '#services/realtime/channels'

type CreatedEvent = {
  notification: Data.Notification
  unreadCount: number
  replaces: number | null
}

type ReadEvent = {
  ids: number[]
  all: boolean
  unreadCount: number
}

/**
 * Listens on the signed-in user's private channel for notifications
 * (NotificationCreated) and reads done elsewhere (NotificationsRead), and
 * feeds the shared store: the bell's count, the dropdown and the page.
 * After a lost connection comes back, it catches up with what was stored
 * meanwhile (nothing is lost: notifications live in the database).
 */
export function LiveNotifications() {
  const { auth } = usePage<Data.SharedProps>().props
  const channel = userChannel(auth.user?.id ?? 0)
  useChannelEvent<CreatedEvent>(channel, 'NotificationCreated', (event) => {
    setUnread(event.unreadCount)
    publishChange(
      { type: 'created', notification: event.notification, replaces: event.replaces },
      false
    )
  })
  useChannelEvent<ReadEvent>(channel, 'NotificationsRead', (event) => {
    setUnread(event.unreadCount)
    publishChange({ type: 'read', ids: event.ids, all: event.all }, false)
  })

  const state = useConnectionState()
  const lost = useRef(false)
  useEffect(() => {
    if (state === 'reconnecting' || state === 'offline') lost.current = true
    if (state !== 'connected' || !lost.current) return
    lost.current = false
    jsonRequest<{ items: Data.Notification[]; unreadCount: number }>(
      'get',
      route('notifications.latest')
    )
      .then((reply) => {
        setUnread(reply.unreadCount)
        // Oldest first, so the newest ends on top of every list.
        for (const notification of [...reply.items].reverse()) {
          publishChange({ type: 'created', notification, replaces: null }, false)
        }
      })
      .catch((error) => {
        // Signed out meanwhile (an administrator blocked the account, changed
        // its role or ended its sessions: the server closed this socket):
        // go to the sign-in page, which shows why.
        if (error instanceof JsonRequestError && error.status === 401) {
          router.visit(route('session.create'))
        }
        // Otherwise the next page visit brings the count anyway.
      })
  }, [state])

  useVisibleTabPresence(auth.user?.id ?? null)
  return null
}

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
}

/**
 * While this tab is visible it is a member of the person's own presence
 * channel: the server then knows not to send a Web Push (issue 15 §2). On
 * the first load of another person in this browser, the previous one's push
 * subscription and caches are dropped (lib/pwa.ts, loaded only then).
 */
function useVisibleTabPresence(userId: number | null) {
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => false
  )
  usePresenceMembers(userId && visible ? visibleTabsChannel(userId) : '')
  useEffect(() => {
    if (!userId) return
    let previous: string | null = null
    try {
      previous = localStorage.getItem('huddle-pwa-user')
    } catch {
      return
    }
    if (previous === String(userId)) return
    void import('~/lib/pwa')
      .then((pwa) => pwa.rememberUser(userId))
      // Its code could not be fetched (offline, no service worker): the next load does it.
      .catch(() => undefined)
  }, [userId])
}
