import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'
import { avatarUrl } from '#services/media_urls'
import { coverUrl } from '#services/media_urls'

/** One word for an account's state, as the people lists show it. */
export function accountState(user: User) {
  if (user.deletedAt) return 'deleted' as const
  if (user.deletionRequestedAt) return 'deletion_pending' as const
  if (!user.isActive) return 'blocked' as const
  if (user.approvalStatus === 'pending') return 'pending' as const
  if (user.approvalStatus === 'rejected') return 'rejected' as const
  if (!user.emailVerifiedAt) return 'unverified' as const
  return 'active' as const
}

/**
 * An account as the admin people pages show it (Users/UserList,
 * Users/AdminList, Profile/Index, Profile/UserEdit): `Data.Admin.Person`.
 * Admin pages only: it carries the e-mail address and the block.
 */
export default class PersonTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      ...new UserTransformer(user).forAdmin(),
      state: accountState(user),
      postsCount: Number(user.postsCount ?? 0),
      commentsCount: Number(user.commentsCount ?? 0),
      likesGivenCount: Number(user.likesGivenCount ?? 0),
      mustChangePassword: user.mustChangePassword,
      block: user.isActive
        ? null
        : {
            reason: user.blockedReason,
            since: user.blockedAt?.toISO() ?? null,
            until: user.blockedUntil?.toISO() ?? null,
          },
    }
  }

  /** Profile/Index: the list row plus the profile itself. */
  forDetail() {
    const user = this.resource
    return {
      ...this.toObject(),
      bio: user.bio,
      largeAvatarUrl: avatarUrl(user, 'large'),
      coverUrl: coverUrl(user),
      deletionRequestedAt: user.deletionRequestedAt?.toISO() ?? null,
    }
  }
}
