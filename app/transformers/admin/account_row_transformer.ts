import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'

/**
 * An account in the dashboard's drill-down lists (Dashboard/Account,
 * Dashboard/ActiveUsers, Dashboard/MostUserPosts), seen by an admin:
 * e-mail, role and state, last sign-in, published posts, and the link to
 * their posts (`Data.Admin.AccountRow`).
 */
export default class AccountRowTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      ...new UserTransformer(user).toObject(),
      email: user.email,
      role: user.role,
      approvalStatus: user.approvalStatus,
      isActive: user.isActive,
      deletionRequestedAt: user.deletionRequestedAt?.toISO() ?? null,
      deleted: user.deletedAt !== null,
      createdAt: user.createdAt.toISO(),
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      postsCount: Number(user.postsCount ?? 0),
      postsUrl: urlFor('admin.dashboard.user_posts', { id: user.id }),
    }
  }
}
