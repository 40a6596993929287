import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import { avatarUrl, coverUrl } from '#services/media_urls'

/**
 * A person's profile through the public API (issue 14): what the profile
 * page shows (Homepage/UserProfile's header, the web ProfileTransformer),
 * ids as strings, never an e-mail address; `blockedByMe` as on the page.
 */
export default class ApiProfileTransformer extends BaseTransformer<User> {
  constructor(
    resource: User,
    protected blockedByMe: boolean
  ) {
    super(resource)
  }

  toObject() {
    const user = this.resource
    return {
      id: String(user.id),
      username: user.username,
      fullName: user.fullName,
      avatarUrl: avatarUrl(user, 'large'),
      coverUrl: coverUrl(user),
      bio: user.bio,
      role: user.role,
      joinedAt: user.createdAt?.toISO() ?? null,
      stats: {
        posts: Number(user.postsCount ?? 0),
        likesGiven: Number(user.likesGivenCount ?? 0),
        comments: Number(user.commentsCount ?? 0),
      },
      blockedByMe: this.blockedByMe,
    }
  }
}
