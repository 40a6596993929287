import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { recountUnread } from '#queries/notifications'

/**
 * A person lifts their block of another (PRODUCT §8): only their own
 * block; one the other person made stays. Idempotent: true when a block
 * was removed. Notifications between the two count again.
 */
export default class UnblockPerson {
  async handle(blocker: Pick<User, 'id'>, blocked: Pick<User, 'id'>) {
    const deleted = await db
      .from('blocks')
      .where('blocker_id', blocker.id)
      .where('blocked_id', blocked.id)
      .delete()
    await recountUnread([blocker.id, blocked.id])
    return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
  }
}
