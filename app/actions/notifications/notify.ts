import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import {
  GROUPED_KINDS,
  mergeActor,
  type NotificationData,
  type NotificationKind,
  type TargetType,
} from '#actions/notifications/kinds'
import { pushCreated } from '#actions/notifications/live'
import { recountUnread } from '#queries/notifications'

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
  if (actorId !== null) {
    query.whereNot('users.id', actorId).whereNotExists((blocks) =>
      blocks
        .from('blocks')
        .where((pair) =>
          pair.where('blocks.blocker_id', actorId).whereColumn('blocks.blocked_id', 'users.id')
        )
        .orWhere((pair) =>
          pair.whereColumn('blocks.blocker_id', 'users.id').where('blocks.blocked_id', actorId)
        )
    )
  }
  return query
}

/**
 * Stores one notification (or merges it into the recipient's unread group
 * of the same kind and target) and, once committed, pushes it live to the
 * recipient's private channel. Returns null when nothing is to be said:
 * the actor is the recipient, one of them blocked the other, the
 * recipient's account is not live, or the actor is already in the group.
 */
export async function notify(input: NotifyInput): Promise<Notification | null> {
  if (input.actorId !== null && input.actorId === input.recipientId) return null
  const eligible = await eligibleRecipients(input.actorId)
    .where('users.id', input.recipientId)
    .select('users.id')
    .first()
  if (!eligible) return null

  const stored = await db.transaction(async (trx) => {
    let previous: Notification | null = null
    if (GROUPED_KINDS.has(input.kind)) {
      previous = await Notification.query({ client: trx })
        .where('user_id', input.recipientId)
        .where('kind', input.kind)
        .where('target_type', input.target.type)
        .where('target_id', input.target.id)
        .whereNull('read_at')
        .orderBy('id', 'desc')
        .first()
    }
    const data = mergeActor(previous?.data ?? null, input.actorId, input.data)
    if (!data) return null
    // The group moves to the top: the merged row gets a new id (keyset order).
    if (previous) await previous.useTransaction(trx).delete()
    const created = await Notification.create(
      {
        userId: input.recipientId,
        kind: input.kind,
        actorId: input.actorId,
        targetType: input.target.type,
        targetId: input.target.id,
        data,
        readAt: null,
        createdAt: DateTime.now(),
      },
      { client: trx }
    )
    await recountUnread([input.recipientId], trx)
    return { created, replaces: previous?.id ?? null }
  })
  if (!stored) return null
  await pushCreated([stored.created], { replaces: stored.replaces })
  return stored.created
}

/**
 * The same notification for many recipients at once (announcements,
 * registrations for admins): the caller's query decides who; eligibility
 * (live accounts, not the actor, no blocks) is applied on top. Inserted in
 * chunks, then pushed live.
 */
export async function notifyMany(
  recipients: (client: QueryClientContract) => ReturnType<typeof eligibleRecipients>,
  input: Omit<NotifyInput, 'recipientId'>
): Promise<number> {
  const rows = await recipients(db.connection()).select('users.id')
  const ids: number[] = rows.map((row: { id: number }) => Number(row.id))
  if (ids.length === 0) return 0
  const data = mergeActor(null, input.actorId, input.data)!
  const created: Notification[] = []
  await db.transaction(async (trx) => {
    for (let index = 0; index < ids.length; index += 200) {
      const chunk = ids.slice(index, index + 200)
      const made = await Notification.createMany(
        chunk.map((userId) => ({
          userId,
          kind: input.kind,
          actorId: input.actorId,
          targetType: input.target.type,
          targetId: input.target.id,
          data,
          readAt: null,
          createdAt: DateTime.now(),
        })),
        { client: trx }
      )
      created.push(...made)
    }
    await recountUnread(ids, trx)
  })
  await pushCreated(created)
  return created.length
}
