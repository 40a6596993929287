import type User from '#models/user'
import Notify from '#actions/notifications/notify'
import { removeProfileImage } from '#services/people/profile_image_changes'
import type { ProfileImageKind } from '#services/profile_images'

/**
 * Removes an avatar or cover that breaks the rules and tells its owner why
 * (a notification carrying the reason). Returns false when there was none.
 */
export default class RemoveImageForRules {
  async handle(target: User, kind: ProfileImageKind, reason: string) {
    const removed = await removeProfileImage(target, kind)
    if (!removed) return false
    await new Notify().handle({
      recipientId: target.id,
      kind: kind === 'avatar' ? 'avatar_removed' : 'cover_removed',
      actorId: null,
      target: { type: 'user', id: target.id },
      data: { reason },
    })
    return true
  }
}
