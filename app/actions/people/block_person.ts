import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { dbNow } from '#services/db/db_time'
import ClearUnreadBetween from '#actions/messages/clear_unread_between'
import { recountUnread } from '#queries/notifications'

/**
 * A person blocks another (PRODUCT §8): symmetric hiding of posts,
 * comments, shares and messages, applied by the visibility queries from
 * the `blocks` rows (app/queries/people/blocked_pair.ts). Idempotent:
 * true when the block is new. UnblockPerson undoes it.
 */
export default class BlockPerson {
  async handle(blocker: Pick<User, 'id'>, blocked: Pick<User, 'id'>) {
    if (blocker.id === blocked.id) throw new Error('Cannot block oneself')
    const created = await db
      .table('blocks')
      .insert({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: dbNow() })
      .onConflict(['blocker_id', 'blocked_id'])
      .ignore()
    // Their conversation closes: its unread messages stop counting for both.
    await new ClearUnreadBetween().handle(blocker.id, blocked.id)
    // Notifications between the two stop (or, on unblock, start again) counting.
    await recountUnread([blocker.id, blocked.id])
    return Array.isArray(created) ? created.length > 0 : Boolean(created)
  }
}
