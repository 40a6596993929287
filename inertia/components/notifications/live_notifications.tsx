import { usePage } from '@inertiajs/react'
import { useChannelEvent } from '~/lib/realtime'
import type { NotificationItem } from '~/components/notifications/describe'
import { publishChange, setUnread } from '~/components/notifications/unread_store'
import type { SharedProps } from '~/types'

interface CreatedEvent {
  notification: NotificationItem
  unreadCount: number
  replaces: number | null
}

interface ReadEvent {
  ids: number[]
  all: boolean
  unreadCount: number
}

/**
 * Listens on the signed-in user's private channel for notifications
 * (NotificationCreated) and reads done elsewhere (NotificationsRead), and
 * feeds the shared store: the bell's count, the dropdown and the page.
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
  return null
}
