import { logged } from '#services/events'
import { liveNotification } from '#services/notifications/live_items'
import { queuePushes } from '#services/notifications/push'
import type NotificationsCreated from '#events/notifications_created'

/**
 * Events → Web Push. Registered in start/events.ts. A recipient is pushed
 * only with no visible Huddle tab, push on for this kind and outside their
 * quiet hours (app/services/notifications/push.ts); a failure is logged,
 * never thrown into the request.
 */
export default class Push {
  notificationsCreated(event: NotificationsCreated) {
    return logged('push.notificationsCreated', async () => {
      if (event.notifications.length === 0) return
      await queuePushes(
        event.notifications.map((row) => row.userId),
        await liveNotification(event)
      )
    })
  }
}
