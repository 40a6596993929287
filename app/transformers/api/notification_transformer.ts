import { BaseTransformer } from '@adonisjs/core/transformers'
import type { NotificationRecord } from '#queries/notifications'
import NotificationTransformer from '#transformers/notification_transformer'

/**
 * A notification as the public API shows it, from the same read model as
 * the bell and the notifications page (blocked people and invisible posts
 * already left out): ids as strings.
 */
export default class ApiNotificationTransformer extends BaseTransformer<NotificationRecord> {
  toObject() {
    const item = new NotificationTransformer(this.resource).toObject()
    return {
      id: String(item.id),
      kind: item.kind as string,
      read: item.read,
      createdAt: item.createdAt,
      actors: item.actors.map((actor) => ({
        id: String(actor.id),
        username: actor.username,
        fullName: actor.fullName,
        avatarUrl: actor.avatarUrl,
      })),
      actorCount: item.actorCount,
      excerpt: item.excerpt,
      reason: item.reason,
      target: item.target,
    }
  }
}

export function apiNotification(item: NotificationRecord) {
  return new ApiNotificationTransformer(item).toObject()
}
