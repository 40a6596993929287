import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { Role } from '#enums/role'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { anotherActiveAdmin, isActiveAdmin } from '#services/people/last_admin'

/**
 * A role change: the account's sessions, remember-me tokens and sockets
 * end at once on every node, so the next page is loaded with the new role
 * (or not at all). Returns how many sessions were signed out, or null when
 * it would have left no active administrator (checked under lock: a
 * concurrent change may have passed UserPolicy too).
 */
export default class ChangeRole {
  async handle(target: User, role: Role): Promise<number | null> {
    const changed = await db.transaction(async (trx) => {
      if (
        isActiveAdmin(target) &&
        role !== 'admin' &&
        !(await anotherActiveAdmin(trx, target.id))
      ) {
        return false
      }
      target.useTransaction(trx)
      target.role = role
      // Whoever an administrator places in the team is approved.
      target.approvalStatus = 'approved'
      await target.save()
      return true
    })
    if (!changed) return null
    return new RevokeSessions().handle({ userId: target.id })
  }
}
