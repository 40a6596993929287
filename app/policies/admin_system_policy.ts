import type User from '#models/user'
import { BasePolicy } from '@adonisjs/bouncer'

/** The back office's System pages: the audit log (read only), the failed jobs, webhooks. */
export default class AdminSystemPolicy extends BasePolicy {
  viewAuditLog(user: User) {
    return user.role === 'admin'
  }

  manageJobs(user: User) {
    return user.role === 'admin'
  }

  /** Outgoing webhooks (issue 14): endpoints, secrets, the delivery log. */
  manageWebhooks(user: User) {
    return user.role === 'admin'
  }
}
