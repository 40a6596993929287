import type User from '#models/user'
import { BasePolicy } from '@adonisjs/bouncer'

/** The admin dashboard and its drill-down lists (issue 19 §1): administrators only. */
export default class DashboardPolicy extends BasePolicy {
  view(user: User) {
    return user.role === 'admin'
  }
}
