import { BaseTransformer } from '@adonisjs/core/transformers'
import type { NotificationRecord } from '#queries/notifications'
import { conversationUrl, targetUrl } from '#services/notification_targets'
import PersonTransformer from '#transformers/person_transformer'

/**
 * A notification as the bell, the notifications page and the live push
 * show it (`Data.Notification`): its kind, up to two people named (newest
 * first; never anyone in a block relation with the viewer), how many acted,
 * the excerpt of the post concerned, and where a click leads.
 *
 * Input: a NotificationRecord (app/queries/notifications.ts).
 */
export default class NotificationTransformer extends BaseTransformer<NotificationRecord> {
  toObject() {
    const { notification: row, actors, hiddenActors, excerpt } = this.resource
    const known = row.data.actorIds.length ? row.data.actorIds : row.actorId ? [row.actorId] : []
    // A one-to-one conversation opens with the person who wrote.
    const target =
      row.targetType === 'conversation' && actors[0]?.username
        ? conversationUrl(actors[0].username)
        : targetUrl(row)
    return {
      id: row.id,
      kind: row.kind,
      read: row.readAt !== null,
      createdAt: row.createdAt?.toISO() ?? null,
      /** Up to two people, newest first. */
      actors: actors.slice(0, 2).map((actor) => new PersonTransformer(actor).toObject()),
      /** How many different people acted ("Ana and 3 others": 4). */
      actorCount: Math.max(actors.length, (row.data.actorCount || known.length) - hiddenActors),
      /** The start of the post concerned, when the viewer may still see it. */
      excerpt,
      reason: row.data.reason ?? null,
      /** The link's href (the target; a click also marks it read). */
      url: target,
      /** Where the notification leads (the app marks it read, then visits this). */
      target,
    }
  }
}
