import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'
import { avatarUrl } from '#services/media_urls'
import { coverUrl } from '#services/media_urls'

/**
 * A card of the admin image review (Profile/Photos): the owner and their
 * current avatar (`toObject`) or cover (`forCover`): `Data.Admin.ProfileImage`.
 */
export default class ProfileImageTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      owner: new UserTransformer(user).toObject(),
      imageUrl: avatarUrl(user, 'large'),
      changedAt: user.avatarChangedAt?.toISO() ?? null,
    }
  }

  forCover() {
    const user = this.resource
    return {
      owner: new UserTransformer(user).toObject(),
      imageUrl: coverUrl(user),
      changedAt: user.coverChangedAt?.toISO() ?? null,
    }
  }
}
