import { useEffect, useRef } from 'react'
import { usePage } from '@inertiajs/react'
import { useChannelEvent, useConnectionState } from '~/lib/realtime'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import type { NotificationItem } from '~/components/notifications/describe'
import { publishChange, setUnread } from '~/components/notifications/unread_store'
import type { SharedProps } from '~/types'

type CreatedEvent = {
  notification: NotificationItem
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
  const { auth } = usePage<SharedProps>().props
  const channel = `private-App.Models.User.${auth.user?.id ?? 0}`
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
    jsonRequest<{ items: NotificationItem[]; unreadCount: number }>(
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
      .catch(() => {
        // The next page visit brings the count anyway.
      })
  }, [state])
  return null
}
