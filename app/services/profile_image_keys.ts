/**
 * Stored keys and URLs of avatars and covers (no image code here: the
 * transformers import it). See app/services/profile_images.ts.
 */
export type ProfileImageKind = 'avatar' | 'cover'
export type AvatarSize = 'large' | 'small'

/** Every stored key of an avatar (both sizes). */
export function avatarKeys(key: string | null | undefined) {
  if (!key) return []
  return [key, smallAvatarKey(key)]
}

export function smallAvatarKey(key: string) {
  return key.replace(/-256\.webp$/, '-96.webp')
}

/** The key of one avatar size. */
export function avatarKey(key: string, size: AvatarSize) {
  return size === 'small' ? smallAvatarKey(key) : key
}

/** A short, URL-safe version tag of a stored key (cache busting, ETag). */
export function imageVersion(key: string) {
  const match = /([0-9a-f]{8})-[0-9a-f-]{27}/.exec(key)
  return match ? match[1] : Buffer.from(key).toString('base64url').slice(-12)
}

/** The URL of a user's avatar or cover through its authorising route, with a version for caching. */
export function profileImageUrl(path: string, key: string, size?: AvatarSize) {
  return `${path}?v=${imageVersion(key)}${size === 'large' ? '&size=large' : ''}`
}
