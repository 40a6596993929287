import type { Scroll } from '@adonisjs/inertia/types'
import { NotificationsPage } from '~/components/notifications/notifications_page'
import type { Data } from '~data'

/** Dashboard/Notification (PRODUCT §6): an admin's notifications, in the back office. */
export default function Notification(props: {
  notifications: Scroll<Data.Notification>
  unreadCount: number
}) {
  return <NotificationsPage {...props} />
}
