import type User from '#models/user'

/**
 * Cancels a pending account deletion (during the 30-day grace period).
 */
export default class ReactivateAccount {
  async handle(user: User) {
    user.deletionRequestedAt = null
    user.deletionReason = null
    await user.save()
  }
}
