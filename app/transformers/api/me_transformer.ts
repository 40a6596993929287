import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import { avatarUrl } from '#services/media_urls'

/** GET /api/v1/me: the token's owner, with their own e-mail and role. */
export default class ApiMeTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      id: String(user.id),
      username: user.username,
      fullName: user.fullName,
      avatarUrl: avatarUrl(user),
      email: user.email,
      role: user.role,
      bio: user.bio,
      createdAt: user.createdAt.toISO(),
      unreadNotifications: user.unreadNotificationsCount,
      unreadMessages: user.unreadMessagesCount,
    }
  }
}
