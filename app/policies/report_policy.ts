import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'

/** The reports queue (issue 19 §2): admins review and decide reports. */
export default class ReportPolicy extends BasePolicy {
  viewAny(user: User) {
    return user.role === 'admin'
  }

  decide(user: User) {
    return user.role === 'admin'
  }

  /**
   * Blocking the reported account from a report: an admin, never oneself,
   * never another admin (admins are managed from the people pages).
   */
  blockAccount(user: User, target: Pick<User, 'id' | 'role'>) {
    return user.role === 'admin' && target.id !== user.id && target.role !== 'admin'
  }
}
