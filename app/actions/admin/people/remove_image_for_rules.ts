import type User from '#models/user'
import ProfileImageRemoved from '#events/profile_image_removed'
import { removeProfileImage } from '#services/people/profile_image_changes'
import type { ProfileImageKind } from '#services/profile_images'

/**
 * Removes an avatar or cover that breaks the rules and tells its owner why
 * (ProfileImageRemoved: the Notify listener's notification carries the
 * reason). Returns false when there was none.
 */
export default class RemoveImageForRules {
  async handle(target: User, kind: ProfileImageKind, reason: string) {
    const removed = await removeProfileImage(target, kind)
    if (!removed) return false
    await ProfileImageRemoved.dispatch({ userId: target.id, kind, reason })
    return true
  }
}
