import type { Scroll } from '@adonisjs/inertia/types'
import type { NotificationItem } from '~/components/notifications/describe'
import { NotificationsPage } from '~/components/notifications/notifications_page'

/** Homepage/Notifications (PRODUCT §6): a member's or external's notifications. */
export default function Notifications(props: {
  notifications: Scroll<NotificationItem>
  unreadCount: number
}) {
  return <NotificationsPage {...props} />
}
