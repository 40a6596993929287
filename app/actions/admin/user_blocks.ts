import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { dbNow, dbTime } from '#services/db/db_time'
import { anotherActiveAdmin, isActiveAdmin } from '#services/people/last_admin'

/**
 * An administrator's block (Profile/UserEdit). Blocking deactivates the
 * account — the sign-in and every request check `is_active`, so an open
 * page is signed out at its next request — and signs out every session,
 * remember-me token and websocket at once (RevokeSessions, every node).
 * Null when it would have left no active administrator.
 */
export async function blockUser(
  target: User,
  input: { reason: string; until: DateTime | null; by: Pick<User, 'id'> }
): Promise<{ sessions: number } | null> {
  const blocked = await db.transaction(async (trx) => {
    // The last active administrator stays (checked under lock, see the service).
    if (isActiveAdmin(target) && !(await anotherActiveAdmin(trx, target.id))) return false
    target.useTransaction(trx)
    target.merge({
      isActive: false,
      blockedReason: input.reason,
      blockedAt: DateTime.now(),
      blockedUntil: input.until,
      blockedById: input.by.id,
    })
    await target.save()
    return true
  })
  if (!blocked) return null
  const sessions = await new RevokeSessions().handle({ userId: target.id })
  return { sessions }
}

/** Lifts a block (by an administrator, or because its end date passed). */
export async function unblockUser(target: User) {
  target.merge({
    isActive: true,
    blockedReason: null,
    blockedAt: null,
    blockedUntil: null,
    blockedById: null,
  })
  await target.save()
}

/** Whether the account is held by a block whose end date has passed. */
export function blockExpired(user: User, now = DateTime.now()) {
  return !user.isActive && user.blockedUntil !== null && user.blockedUntil <= now
}

/** At sign-in: a block past its end date is lifted before the account is checked. */
export async function liftExpiredBlock(user: User) {
  if (blockExpired(user)) await unblockUser(user)
}

/**
 * Lifts every block past its end date (the hourly sweep, so an unblocked
 * person's posts reappear before they sign in again). Returns how many.
 */
export async function liftExpiredBlocks(): Promise<number> {
  const affected: unknown = await db
    .from('users')
    .where('is_active', false)
    .whereNotNull('blocked_until')
    .where('blocked_until', '<=', dbTime(DateTime.now()))
    .update({
      is_active: true,
      blocked_reason: null,
      blocked_at: null,
      blocked_until: null,
      blocked_by_id: null,
      updated_at: dbNow(),
    })
  return Number(Array.isArray(affected) ? affected[0] : affected)
}
