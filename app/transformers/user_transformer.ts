import type User from '#models/user'
import { avatarUrl } from '#transformers/post_transformer'

/**
 * How users reach the browser. Other people are shown by name, username and
 * avatar only (never e-mail); the signed-in user also sees their own e-mail
 * and account flags.
 */
export default class UserTransformer {
  static forPublic(user: User) {
    return {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      initials: user.initials,
      avatarUrl: avatarUrl(user),
    }
  }

  static forSelf(user: User) {
    return {
      ...UserTransformer.forPublic(user),
      email: user.email,
      role: user.role,
      bio: user.bio,
      emailVerified: user.emailVerifiedAt !== null,
    }
  }

  static forAdmin(user: User) {
    return {
      ...UserTransformer.forPublic(user),
      email: user.email,
      role: user.role,
      approvalStatus: user.approvalStatus,
      isActive: user.isActive,
      emailVerified: user.emailVerifiedAt !== null,
      createdAt: user.createdAt.toISO(),
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
    }
  }
}
