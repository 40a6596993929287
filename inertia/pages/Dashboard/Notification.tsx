import type { Scroll } from '@adonisjs/inertia/types'
import type { NotificationItem } from '~/components/notifications/describe'
import { NotificationsPage } from '~/components/notifications/notifications_page'

/** Dashboard/Notification (PRODUCT §6): an admin's notifications, in the back office. */
export default function Notification(props: {
  notifications: Scroll<NotificationItem>
  unreadCount: number
}) {
  return <NotificationsPage {...props} />
}
