import db from '@adonisjs/lucid/services/db'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import Notification, { parseData } from '#models/notification'
import { GROUPED_KINDS, mergeActor } from '#services/notifications/kinds'
import type { NotificationData, NotificationKind, TargetType } from '#enums/notification_kinds'
import NotificationsCreated from '#events/notifications_created'
import { recountUnread } from '#queries/notifications'
import { rawRows } from '#services/db/db_time'
import { notificationRow } from '#services/notifications/rows'
import { whereWantsInApp } from '#services/notification_preferences'
import { eligibleRecipients } from '#services/notifications/recipients'
import { getSettings } from '#services/settings'

export interface NotifyInput {
  recipientId: number
  kind: NotificationKind
  /** Who acted; null for system notices (account approved). */
  actorId: number | null
  target: { type: TargetType; id: number }
  data?: Partial<NotificationData>
}

/**
 * Stores one notification (or merges it into the recipient's unread group
 * of the same kind and target) and, once committed, dispatches
 * NotificationsCreated (the bell live, Web Push). Returns null when
 * nothing is to be said: the actor is the recipient, one of them blocked
 * the other, the recipient's account is not live, the recipient turned
 * this kind off in the app or muted its post or conversation, or the actor
 * is already in the group.
 */
export default class Notify {
  async handle(input: NotifyInput): Promise<Notification | null> {
    if (input.actorId !== null && input.actorId === input.recipientId) return null
    // Live, no block, and wants this kind in the app, target not muted (§4).
    const { announcementsUnmutable } = await getSettings()
    const eligible = await whereWantsInApp(
      eligibleRecipients(input.actorId).where('users.id', input.recipientId),
      input,
      'users.id',
      { announcementsUnmutable }
    )
      .select('users.id')
      .first()
    if (!eligible) return null

    // Raw statements: this runs after every like, comment and share, and the
    // model layer (query builder, hydration, hooks) cost more than the SQL.
    const stored = await db.transaction(async (trx) => {
      let previous: { id: number; data: NotificationData } | null = null
      if (GROUPED_KINDS.has(input.kind)) {
        const [row] = rawRows<{ id: unknown; data: unknown }>(
          await trx.rawQuery(
            `SELECT id, data FROM notifications
             WHERE user_id = ? AND kind = ? AND target_type = ? AND target_id = ? AND read_at IS NULL
             ORDER BY id DESC LIMIT 1`,
            [input.recipientId, input.kind, input.target.type, input.target.id]
          )
        )
        if (row) previous = { id: Number(row.id), data: parseData(row.data) }
      }
      const data = mergeActor(previous?.data ?? null, input.actorId, input.data)
      if (!data) return null
      // The group moves to the top: the merged row gets a new id (keyset order).
      if (previous) await trx.rawQuery('DELETE FROM notifications WHERE id = ?', [previous.id])
      const values = notificationRow(input.recipientId, input, data)
      const [inserted] = rawRows<{ id: unknown }>(
        await trx.rawQuery(
          `INSERT INTO notifications (${Object.keys(values).join(', ')})
           VALUES (${Object.keys(values)
             .map(() => '?')
             .join(', ')}) RETURNING id`,
          // knex binds null as NULL; Lucid's binding type leaves null out.
          Object.values(values) as RawQueryBindings
        )
      )
      // The stored row as a model (same column readers as a query's rows).
      const created = Notification.$createFromAdapterResult({ id: inserted.id, ...values })!
      const unread = await recountUnread([input.recipientId], trx)
      return { created, replaces: previous?.id ?? null, unread }
    })
    if (!stored) return null
    await NotificationsCreated.dispatch({
      notifications: [stored.created],
      unread: stored.unread,
      replaces: stored.replaces,
    })
    return stored.created
  }
}
