import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import Notification from '#models/notification'
import { mergeActor } from '#services/notifications/kinds'
import NotificationsCreated from '#events/notifications_created'
import { recountUnread } from '#queries/notifications'
import { rawRows } from '#services/db/db_time'
import { notificationRow } from '#services/notifications/rows'
import { whereWantsInApp } from '#services/notification_preferences'
import type { RecipientsQuery } from '#services/notifications/recipients'
import { getSettings } from '#services/settings'
import type { NotifyInput } from '#actions/notifications/notify'

/**
 * The same notification for many recipients at once (announcements,
 * registrations for admins): the caller's query decides who; eligibility
 * (live accounts, not the actor, no blocks) and the recipients' settings
 * (the kind on in the app, the target not muted) are applied on top, in
 * the same query. Inserted in
 * chunks, then pushed live.
 */
export default class NotifyMany {
  async handle(
    recipients: (client: QueryClientContract) => RecipientsQuery,
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
        const values = chunk.map((userId) => notificationRow(userId, input, data))
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
}
