import User from '#models/user'
import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { Role } from '#enums/role'

/**
 * Who may manage which account. The rule "nobody demotes, deactivates or
 * deletes themself or the last admin" lives here, so every route that
 * changes an account goes through it.
 */
export default class UserPolicy extends BasePolicy {
  viewList(actor: User) {
    return actor.role === 'admin'
  }

  /**
   * Approve or reject a registration: only external accounts still waiting
   * for a decision (not purged).
   */
  approve(actor: User, target: User) {
    return (
      actor.role === 'admin' &&
      target.role === 'external' &&
      target.approvalStatus === 'pending' &&
      !target.deletedAt
    )
  }

  async changeRole(actor: User, target: User, newRole: Role) {
    if (actor.role !== 'admin') return false
    if (newRole === target.role) return true
    if (actor.id === target.id) return false
    if (target.role === 'admin' && (await this.isLastAdmin(target))) return false
    return true
  }

  async deactivate(actor: User, target: User) {
    if (actor.role !== 'admin' || actor.id === target.id) return false
    return !(target.role === 'admin' && (await this.isLastAdmin(target)))
  }

  async delete(actor: User, target: User) {
    if (actor.role !== 'admin' || actor.id === target.id) return false
    return !(target.role === 'admin' && (await this.isLastAdmin(target)))
  }

  /**
   * A user deleting their own account: allowed unless they are the last
   * active admin (the team would have no operator left).
   */
  async deleteSelf(actor: User) {
    return !(actor.role === 'admin' && (await this.isLastAdmin(actor)))
  }

  /**
   * The admin people pages (Profile/Index, Profile/UserEdit, the image
   * review): any account that was not purged (purged ones are 404s there).
   */
  manage(actor: User, target: User) {
    return actor.role === 'admin' && !target.deletedAt
  }

  /** A role change from the admin pages, with the reason when refused. */
  async updateRole(actor: User, target: User, newRole: Role) {
    if (actor.role !== 'admin') return false
    if (newRole === target.role) return true
    if (actor.id === target.id) {
      return AuthorizationResponse.deny('You cannot change your own role.')
    }
    if (await this.changeRole(actor, target, newRole)) return true
    return AuthorizationResponse.deny(
      `${target.fullName} is the last active administrator: make someone else an administrator first.`
    )
  }

  /** Block (or unblock): never yourself, never the last active admin. */
  async block(actor: User, target: User) {
    if (actor.role !== 'admin') return false
    if (actor.id === target.id) return AuthorizationResponse.deny('You cannot block yourself.')
    if (target.role === 'admin' && target.isActive && (await this.isLastAdmin(target))) {
      return AuthorizationResponse.deny(
        `${target.fullName} is the last active administrator and cannot be blocked.`
      )
    }
    return true
  }

  /**
   * Reset someone's password or sign out all their sessions: never your own
   * account (your own profile page does that, with your password).
   */
  resetPassword(actor: User, target: User) {
    if (actor.role !== 'admin') return false
    if (actor.id === target.id) {
      return AuthorizationResponse.deny(
        'Change your own password on your profile page, not from the admin pages.'
      )
    }
    return true
  }

  signOut(actor: User, target: User) {
    if (actor.role !== 'admin') return false
    if (actor.id === target.id) {
      return AuthorizationResponse.deny(
        'Sign out your own devices on your profile page, not from the admin pages.'
      )
    }
    return true
  }

  private async isLastAdmin(user: User) {
    const row = await User.query()
      .where('role', 'admin')
      .where('is_active', true)
      .whereNull('deleted_at')
      .whereNull('deletion_requested_at')
      .whereNot('id', user.id)
      .count('* as total')
      .first()
    return Number(row?.$extras.total ?? 0) === 0
  }
}
