import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { NotificationKind } from '#enums/notification_kinds'
import { notificationSentence } from '#enums/notification_sentences'
import type NotificationTransformer from '#transformers/notification_transformer'
import { realtime } from '#services/realtime/main'
import { visibleTabsChannel } from '#services/realtime/channels'
import { vapidKeys } from '#services/web_push'
import SendPushJob from '#jobs/send_push_job'
import { inQuietHours, whereChannelOn } from '#services/notification_preferences'

type NotificationItem = ReturnType<NotificationTransformer['toObject']>

/**
 * Web Push for new notifications (issue 15 §2). A person is pushed only
 * when none of their Huddle tabs is open and visible: each visible tab is a
 * member of the person's own presence channel (the browser joins it while
 * `document.visibilityState` is "visible" and leaves when hidden), so the
 * realtime presence tells, on every app node (Redis). One job per
 * subscription, so a retry never pushes twice to the devices that already
 * got it. The payload is the bell's sentence and the link, nothing more.
 */
/** Whether the person has an open, visible Huddle tab (in-process realtime only). */
export async function hasVisibleTab(userId: number): Promise<boolean> {
  const hub = realtime.hub
  if (!hub) return false
  const members = await hub.presence.members(visibleTabsChannel(userId))
  return members.has(String(userId))
}

/**
 * The subscriptions a push of `kind` goes to among `userIds`: push on for
 * the person, this kind on for push (§4 settings) and not in their quiet
 * hours at `now`. One query per 500 people, whatever their settings.
 */
export async function pushSubscriptionsFor(
  userIds: number[],
  kind: NotificationKind,
  now: DateTime = DateTime.now()
) {
  const subscriptions: { id: number; user_id: number }[] = []
  for (let index = 0; index < userIds.length; index += 500) {
    const chunk = userIds.slice(index, index + 500)
    const query = db
      .from('push_subscriptions')
      .join('users', 'users.id', 'push_subscriptions.user_id')
      .leftJoin('notification_settings as ns', 'ns.user_id', 'users.id')
      .whereIn('push_subscriptions.user_id', chunk)
      .where('users.push_enabled', true)
    const rows = await whereChannelOn(query, kind, 'push', 'users.id').select(
      'push_subscriptions.id',
      'push_subscriptions.user_id',
      'ns.time_zone',
      'ns.quiet_start',
      'ns.quiet_end'
    )
    for (const row of rows) {
      const quiet = {
        timeZone: row.time_zone ?? null,
        start: row.quiet_start === null ? null : Number(row.quiet_start),
        end: row.quiet_end === null ? null : Number(row.quiet_end),
      }
      if (!inQuietHours(quiet, now)) {
        subscriptions.push({ id: Number(row.id), user_id: Number(row.user_id) })
      }
    }
  }
  return subscriptions
}

/** "Ana Silva and 3 others liked your post", exactly as the bell reads it. */
export function pushTitle(item: Pick<NotificationItem, 'kind' | 'actors' | 'actorCount'>) {
  return notificationSentence(item)
}

/**
 * Queues a push of `item` to every subscribed device of `userIds` (push
 * on, this kind on for push, not in quiet hours, no visible tab). Never throws: the stored notification is the truth.
 */
export async function queuePushes(userIds: number[], item: NotificationItem) {
  if (userIds.length === 0 || !vapidKeys()) return
  try {
    const subscriptions = await pushSubscriptionsFor(userIds, item.kind)
    if (subscriptions.length === 0) return
    const away = new Map<number, boolean>()
    const payload = { title: pushTitle(item), url: item.target }
    for (const row of subscriptions) {
      const userId = Number(row.user_id)
      if (!away.has(userId)) away.set(userId, !(await hasVisibleTab(userId)))
      if (!away.get(userId)) continue
      await SendPushJob.dispatch({ subscriptionId: Number(row.id), ...payload })
    }
  } catch (error) {
    logger.error({ err: error }, 'could not queue push notifications')
  }
}
