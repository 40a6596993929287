import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { anotherActiveAdmin, isActiveAdmin } from '#services/people/last_admin'

export interface BlockAccountInput {
  reason: string
  until: DateTime | null
  by: Pick<User, 'id'>
}

/**
 * An administrator's block (Profile/UserEdit, and resolving reports).
 * Blocking deactivates the account — the sign-in and every request check
 * `is_active`, so an open page is signed out at its next request — and
 * signs out every session, remember-me token and websocket at once
 * (RevokeSessions, every node). Null when it would have left no active
 * administrator.
 */
export default class BlockAccount {
  async handle(target: User, input: BlockAccountInput): Promise<{ sessions: number } | null> {
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
}
