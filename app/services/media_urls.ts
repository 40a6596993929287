import router from '@adonisjs/core/services/router'
import type User from '#models/user'
import { profileImageUrl, type AvatarSize } from '#services/profile_image_keys'

/**
 * THE URLs of stored files, through the routes that authorise them: media
 * (`media.show`), avatars (`users.avatar`) and covers (`users.cover`). The
 * transformers and the realtime presence data build them here.
 */

export type MediaVariant = 'original' | 'display' | 'thumb'

/** A media file's URL: the named route `media.show` (GET /media/:id/:variant?). */
export function mediaUrl(id: number, variant: MediaVariant = 'original') {
  return router.urlBuilder.urlFor('media.show', { id, variant })
}

/**
 * An avatar URL for a user with an uploaded avatar, through the named route
 * `users.avatar` (GET /users/:id/avatar, signed-in only); null without
 * one (the client shows initials). `?v=` changes with every new
 * avatar (long private caching); `large` is the 256 px size (profiles),
 * the default the 96 px one (cards, lists).
 */
export function avatarUrl(user: Pick<User, 'id' | 'avatarKey'>, size: AvatarSize = 'small') {
  if (!user.avatarKey) return null
  const path = router.urlBuilder.urlFor('users.avatar', { id: user.id })
  return profileImageUrl(path, user.avatarKey, size)
}

/** A cover image URL through the named route `users.cover`, or null without one. */
export function coverUrl(user: Pick<User, 'id' | 'coverKey'>) {
  if (!user.coverKey) return null
  const path = router.urlBuilder.urlFor('users.cover', { id: user.id })
  return profileImageUrl(path, user.coverKey)
}

/** "AL" for "ana maria lopez": first and last name's initials. */
export function initialsOf(fullName: string) {
  const parts = fullName.trim().split(/\s+/)
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')
  ).toUpperCase()
}
