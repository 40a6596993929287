import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import { avatarUrl, coverUrl } from '#services/media_urls'

/**
 * A person's profile header (Homepage/UserProfile, `Data.Profile`): name,
 * username, bio, images and the denormalised activity counters. Never the
 * e-mail address.
 */
export default class ProfileTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      initials: user.initials,
      bio: user.bio,
      role: user.role,
      avatarUrl: avatarUrl(user, 'large'),
      coverUrl: coverUrl(user),
      joinedAt: user.createdAt?.toISO() ?? null,
      stats: {
        posts: Number(user.postsCount ?? 0),
        likesGiven: Number(user.likesGivenCount ?? 0),
        comments: Number(user.commentsCount ?? 0),
      },
    }
  }
}
