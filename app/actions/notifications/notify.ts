import db from '@adonisjs/lucid/services/db'
import Notification, { parseData } from '#models/notification'
import { GROUPED_KINDS, mergeActor } from '#services/notifications/kinds'
import type { NotificationData, NotificationKind, TargetType } from '#enums/notification_kinds'
import NotificationsCreated from '#events/notifications_created'
import { recountUnreadSteps } from '#queries/notifications'
import { runSqlSteps, type SqlSteps } from '#services/db/sql_steps'
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

interface Stored {
  created: Notification
  replaces: number | null
  unread: Map<number, number>
}

/**
 * The storing transaction (app/services/db/sql_steps.ts: straight on
 * SQLite, through knex on PostgreSQL; raw statements, as this runs after
 * every like, comment and share, and the model layer cost more than the
 * SQL): the recipient's unread group of this kind and target, if any, is
 * replaced by a row naming the new actor too (a new id: the group moves
 * to the top of the keyset order), and the unread count is recounted.
 */
function* storeNotification(input: NotifyInput, postgres: boolean): SqlSteps<Stored | null> {
  let previous: { id: number; data: NotificationData } | null = null
  if (GROUPED_KINDS.has(input.kind)) {
    const [row] = yield {
      sql: `SELECT id, data FROM notifications
            WHERE user_id = ? AND kind = ? AND target_type = ? AND target_id = ? AND read_at IS NULL
            ORDER BY id DESC LIMIT 1`,
      bindings: [input.recipientId, input.kind, input.target.type, input.target.id],
    }
    if (row) previous = { id: Number(row.id), data: parseData(row.data) }
  }
  const data = mergeActor(previous?.data ?? null, input.actorId, input.data)
  if (!data) return null
  if (previous) {
    yield { sql: 'DELETE FROM notifications WHERE id = ? RETURNING id', bindings: [previous.id] }
  }
  const values = notificationRow(input.recipientId, input, data)
  const columns = Object.keys(values)
  const [inserted] = yield {
    sql: `INSERT INTO notifications (${columns.join(', ')})
          VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`,
    bindings: Object.values(values),
  }
  // The stored row as a model (same column readers as a query's rows).
  const created = Notification.$createFromAdapterResult({ id: inserted.id, ...values })!
  const unread = yield* recountUnreadSteps([input.recipientId], postgres)
  return { created, replaces: previous?.id ?? null, unread }
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

    const stored = await runSqlSteps(() =>
      storeNotification(input, db.connection().dialect.name === 'postgres')
    )
    if (!stored) return null
    await NotificationsCreated.dispatch({
      notifications: [stored.created],
      unread: stored.unread,
      replaces: stored.replaces,
    })
    return stored.created
  }
}
