import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { DELETION_GRACE_DAYS } from '#services/account_state'
import { generateToken } from '#services/tokens'
import { deleteProfileImage } from '#services/profile_images'

export interface PurgedAccount {
  id: number
  deletionRequestedAt: string | null
}

/**
 * Anonymises accounts whose deletion was requested more than 30 days ago
 * (PRODUCT §2): no name, username, e-mail, bio, avatar, cover or usable
 * password is left; sessions, remember-me and reset tokens are removed
 * (and the avatar and cover files deleted); each purge is written
 * to the audit log (actor: none, the scheduled job). Purged accounts have
 * deleted_at set and are never selected again, so running it twice is safe.
 */
export default class PurgeDeletedAccounts {
  async handle(options: { now?: DateTime; dryRun?: boolean } = {}) {
    const now = options.now ?? DateTime.now()
    const cutoff = now.minus({ days: DELETION_GRACE_DAYS })
    const format = db.connection().dialect.dateTimeFormat
    const due = await User.query()
      .whereNotNull('deletion_requested_at')
      .whereNull('deleted_at')
      .where('deletion_requested_at', '<=', cutoff.toFormat(format))
      .orderBy('id')

    const purged: PurgedAccount[] = []
    for (const user of due) {
      const entry = { id: user.id, deletionRequestedAt: user.deletionRequestedAt?.toISO() ?? null }
      if (!options.dryRun) await this.anonymise(user, now)
      purged.push(entry)
    }
    return purged
  }

  private async anonymise(user: User, now: DateTime) {
    const images = { avatar: user.avatarKey, cover: user.coverKey }
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.merge({
        fullName: 'Deleted user',
        username: `deleted-${user.id}`,
        email: `deleted-${user.id}@invalid`,
        password: generateToken(),
        bio: null,
        avatarKey: null,
        coverKey: null,
        isActive: false,
        mustChangePassword: false,
        deletedAt: now,
      })
      await user.save()
      await trx.from('password_reset_tokens').where('user_id', user.id).delete()
      await trx.table('audit_logs').insert({
        actor_id: null,
        action: 'account.purge',
        subject_type: 'user',
        subject_id: user.id,
        meta: JSON.stringify({ deletionRequestedAt: user.deletionRequestedAt?.toISO() ?? null }),
        ip: null,
        created_at: new Date(),
      })
    })
    await new RevokeSessions().handle({ userId: user.id })
    // Their photos go too (after the commit: a failed purge keeps them).
    await deleteProfileImage('avatar', images.avatar)
    await deleteProfileImage('cover', images.cover)
  }
}
