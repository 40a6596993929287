import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import PersonTransformer from '#transformers/person_transformer'

/**
 * How users reach the browser. Other people are shown by name, username and
 * avatar only (never e-mail): `toObject`, the same as `Data.Person`. The
 * signed-in user also sees their own e-mail and account flags (`forSelf`),
 * admins a person's account state (`forAdmin`): `Data.User.Variants[...]`.
 *
 * In a render: `UserTransformer.transform(users)` (or
 * `.useVariant('forAdmin')`); inside another transformer or a plain object:
 * `new UserTransformer(user).forSelf()`.
 */
export default class UserTransformer extends BaseTransformer<User> {
  toObject() {
    return new PersonTransformer(this.resource).toObject()
  }

  forSelf() {
    const user = this.resource
    return {
      ...this.toObject(),
      email: user.email,
      role: user.role,
      bio: user.bio,
      emailVerified: user.emailVerifiedAt !== null,
    }
  }

  forAdmin() {
    const user = this.resource
    return {
      ...this.toObject(),
      email: user.email,
      role: user.role,
      approvalStatus: user.approvalStatus,
      isActive: user.isActive,
      emailVerified: user.emailVerifiedAt !== null,
      createdAt: user.createdAt.toISO(),
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      deletionPending: user.deletionRequestedAt !== null && user.deletionRequestedAt !== undefined,
    }
  }
}
