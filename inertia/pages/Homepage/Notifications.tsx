import type { Scroll } from '@adonisjs/inertia/types'
import { NotificationsPage } from '~/components/notifications/notifications_page'
import type { Data } from '~data'

/** Homepage/Notifications (PRODUCT §6): a member's or external's notifications. */
export default function Notifications(props: {
  notifications: Scroll<Data.Notification>
  unreadCount: number
}) {
  return <NotificationsPage {...props} />
}
