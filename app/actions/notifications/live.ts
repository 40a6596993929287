import logger from '@adonisjs/core/services/logger'
import type Notification from '#models/notification'
import { broadcast } from '#services/broadcast'
import { present, unreadCount } from '#queries/notifications'

/** A user's own private channel (notifications, messages). */
export function userChannel(userId: number) {
  return `private-App.Models.User.${userId}`
}

/**
 * Pushes freshly stored notifications to their recipients' private
 * channels (after the commit), each with the recipient's new unread count
 * as the storing transaction recounted it (`unread`, from recountUnread).
 * `replaces`: the id of the unread group this one replaced. Never throws:
 * the stored notification is the truth, clients catch up on their next
 * load.
 */
export async function pushCreated(
  rows: Notification[],
  unread: Map<number, number>,
  options: { replaces?: number | null } = {}
) {
  if (rows.length === 0) return
  try {
    // A fan-out (one notice to many people) looks the same for everyone
    // but its id: present it once.
    const [template] = await present([rows[0]], rows[0].userId)
    const single = rows.length === 1
    for (const row of rows) {
      const notification =
        row === rows[0] ? template : single ? template : { ...template, ...idAndUrl(template, row) }
      await broadcast(userChannel(row.userId), 'NotificationCreated', {
        notification,
        unreadCount: unread.get(row.userId) ?? 0,
        replaces: options.replaces ?? null,
      })
    }
  } catch (error) {
    logger.error({ err: error }, 'could not push a notification live')
  }
}

function idAndUrl(template: { id: number; url: string }, row: Notification) {
  return { id: row.id, url: template.url.replace(`/${template.id}/`, `/${row.id}/`) }
}

/**
 * Tells the user's other tabs and devices that notifications were read
 * (`ids`, or all of them), with the new unread count.
 */
export async function pushRead(userId: number, ids: number[] | 'all') {
  try {
    await broadcast(userChannel(userId), 'NotificationsRead', {
      ids: ids === 'all' ? [] : ids,
      all: ids === 'all',
      unreadCount: await unreadCount(userId),
    })
  } catch (error) {
    logger.error({ err: error }, 'could not push notifications read')
  }
}
