import router from '@adonisjs/core/services/router'
import type User from '#models/user'
import { avatarUrl } from '#transformers/post_transformer'
import { profileImageUrl } from '#services/profile_image_keys'

/**
 * A person's profile header (Homepage/UserProfile): name, username, bio,
 * images and the denormalised activity counters. Never the e-mail address.
 */
export function coverUrl(user: Pick<User, 'id' | 'coverKey'>) {
  if (!user.coverKey || !router.has('users.cover')) return null
  const path = router.urlBuilder.urlFor('users.cover' as any, { id: user.id } as any)
  return profileImageUrl(path, user.coverKey)
}

export function profileJson(user: User) {
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
export type ProfileJson = ReturnType<typeof profileJson>
