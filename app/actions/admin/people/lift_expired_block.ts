import { DateTime } from 'luxon'
import type User from '#models/user'
import UnblockAccount from '#actions/admin/people/unblock_account'

/** At sign-in: a block past its end date is lifted before the account is checked. */
export default class LiftExpiredBlock {
  async handle(user: User) {
    if (blockExpired(user)) await new UnblockAccount().handle(user)
  }
}

/** Whether the account is held by a block whose end date has passed. */
function blockExpired(user: User, now = DateTime.now()) {
  return !user.isActive && user.blockedUntil !== null && user.blockedUntil <= now
}
