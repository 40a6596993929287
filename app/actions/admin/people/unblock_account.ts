import type User from '#models/user'

/** Lifts a block (by an administrator, or because its end date passed). */
export default class UnblockAccount {
  async handle(target: User) {
    target.merge({
      isActive: true,
      blockedReason: null,
      blockedAt: null,
      blockedUntil: null,
      blockedById: null,
    })
    await target.save()
  }
}
