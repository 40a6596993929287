import type Notification from '#models/notification'
import type NotificationsCreated from '#events/notifications_created'
import { notificationRecords } from '#queries/notifications'
import NotificationTransformer from '#transformers/notification_transformer'

export type LiveNotification = ReturnType<NotificationTransformer['toObject']>

/**
 * What the bell receives live for a NotificationsCreated event, built once
 * whatever number of listeners read it (Broadcast and Push both do). A
 * fan-out (one notice to many people) looks the same for everyone but its
 * id: the first row is presented, the others reuse it (`forRow`).
 */
const presented = new WeakMap<NotificationsCreated, Promise<LiveNotification>>()

export function liveNotification(event: NotificationsCreated): Promise<LiveNotification> {
  let item = presented.get(event)
  if (!item) {
    const [first] = event.notifications
    item = notificationRecords([first], first.userId).then(([record]) =>
      new NotificationTransformer(record).toObject()
    )
    presented.set(event, item)
  }
  return item
}

/** The presented notification as `row` (another recipient's copy): its id and link. */
export function forRow(template: LiveNotification, first: Notification, row: Notification) {
  if (row === first) return template
  return {
    ...template,
    id: row.id,
    url: template.url.replace(`/${template.id}/`, `/${row.id}/`),
  }
}
