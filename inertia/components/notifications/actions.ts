import { router } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import type { MouseEvent } from 'react'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { publishChange, setUnread } from '~/components/notifications/unread_store'
import type { Data } from '~data'

/** Marks one notification read (the count and every list follow). */
export async function markNotificationRead(id: number) {
  publishChange({ type: 'read', ids: [id], all: false })
  try {
    const reply = await jsonRequest<{ unreadCount: number }>(
      'post',
      route('notifications.read', { id })
    )
    setUnread(reply.unreadCount)
  } catch (error) {
    toast.error((error as Error).message)
  }
}

export async function markAllNotificationsRead() {
  try {
    const reply = await jsonRequest<{ unreadCount: number }>(
      'post',
      route('notifications.read_all')
    )
    setUnread(reply.unreadCount)
    publishChange({ type: 'read', ids: [], all: true })
  } catch (error) {
    toast.error((error as Error).message)
  }
}

/**
 * Clicking a notification: marks it read and visits its target (the link
 * itself goes through the server's "open" route, so a new tab or a
 * browser without script still marks it read).
 */
export function openNotification(event: MouseEvent, item: Data.Notification) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  if (!item.read) void markNotificationRead(item.id)
  router.visit(item.target)
}

/** Applies live and cross-tab changes to a list held in state. */
export function applyChange(
  items: Data.Notification[],
  change: import('~/components/notifications/unread_store').NotificationChange
) {
  if (change.type === 'created') {
    const rest = items.filter(
      (item) => item.id !== change.notification.id && item.id !== change.replaces
    )
    return [change.notification, ...rest]
  }
  return items.map((item) =>
    change.all || change.ids.includes(item.id) ? { ...item, read: true } : item
  )
}
