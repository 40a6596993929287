import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import Notification, { parseData } from '#models/notification'
import { GROUPED_KINDS, mergeActor } from '#services/notifications/kinds'
import type { NotificationData, NotificationKind, TargetType } from '#enums/notification_kinds'
import NotificationsCreated from '#events/notifications_created'
import { recountUnread } from '#queries/notifications'
import { whereNotBlockedWith } from '#queries/feeds/visible_posts'
import { dbNow, rawRows } from '#services/db/db_time'
import { whereWantsInApp } from '#services/notification_preferences'
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
 * Users who may receive a notification from `actorId`: live accounts
 * (active, not deleted, not waiting for deletion), never the actor, and
 * no block between them in either direction. One query for any number of
 * candidates.
 */
export function eligibleRecipients(
  actorId: number | null,
  client: QueryClientContract = db.connection()
) {
  const query = client
    .from('users')
    .where('users.is_active', true)
    .whereNull('users.deleted_at')
    .whereNull('users.deletion_requested_at')
  if (actorId !== null)
    whereNotBlockedWith(query.whereNot('users.id', actorId), actorId, 'users.id')
  return query
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
export async function notify(input: NotifyInput): Promise<Notification | null> {
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
    const values = {
      user_id: input.recipientId,
      kind: input.kind,
      actor_id: input.actorId,
      target_type: input.target.type,
      target_id: input.target.id,
      data: JSON.stringify(data),
      read_at: null,
      created_at: dbNow(),
    }
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

/**
 * The same notification for many recipients at once (announcements,
 * registrations for admins): the caller's query decides who; eligibility
 * (live accounts, not the actor, no blocks) and the recipients' settings
 * (the kind on in the app, the target not muted) are applied on top, in
 * the same query. Inserted in
 * chunks, then pushed live.
 */
export async function notifyMany(
  recipients: (client: QueryClientContract) => ReturnType<typeof eligibleRecipients>,
  input: Omit<NotifyInput, 'recipientId'>
): Promise<number> {
  const { announcementsUnmutable } = await getSettings()
  // Preferences and mutes of every recipient in the same query (§4).
  const rows = await whereWantsInApp(recipients(db.connection()), input, 'users.id', {
    announcementsUnmutable,
  }).select('users.id')
  const ids: number[] = rows.map((row: { id: number }) => Number(row.id))
  if (ids.length === 0) return 0
  const data = mergeActor(null, input.actorId, input.data)!
  const created: Notification[] = []
  const unread = await db.transaction(async (trx) => {
    for (let index = 0; index < ids.length; index += 200) {
      const chunk = ids.slice(index, index + 200)
      // One multi-row INSERT per chunk (createMany would send one per row).
      const values = chunk.map((userId) => ({
        user_id: userId,
        kind: input.kind,
        actor_id: input.actorId,
        target_type: input.target.type,
        target_id: input.target.id,
        data: JSON.stringify(data),
        read_at: null,
        created_at: dbNow(),
      }))
      const columns = Object.keys(values[0])
      const inserted = rawRows<{ id: unknown; user_id: unknown }>(
        await trx.rawQuery(
          `INSERT INTO notifications (${columns.join(', ')})
           VALUES ${values.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}
           RETURNING id, user_id`,
          values.flatMap((row) => Object.values(row)) as RawQueryBindings
        )
      )
      // Matched by recipient (one row each), whatever order RETURNING gives.
      const idOf = new Map(inserted.map((row) => [Number(row.user_id), Number(row.id)]))
      const made = values.map((row) =>
        Notification.$createFromAdapterResult({ id: idOf.get(row.user_id), ...row })!
      )
      created.push(...made)
    }
    return recountUnread(ids, trx)
  })
  await NotificationsCreated.dispatch({ notifications: created, unread, replaces: null })
  return created.length
}
