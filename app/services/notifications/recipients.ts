import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { whereNotBlockedWith } from '#queries/feeds/visible_posts'

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

/** The query a caller of NotifyMany narrows to its recipients. */
export type RecipientsQuery = ReturnType<typeof eligibleRecipients>
