import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An administrator's block (Profile/UserEdit): the account is deactivated
 * (`is_active` false, which every sign-in and request already checks) and
 * these say why, by whom, since and until when. `blocked_until` null: until
 * an administrator unblocks; a past `blocked_until` lifts the block at the
 * next sign-in attempt (and the hourly sweep).
 *
 * `avatar_changed_at` / `cover_changed_at`: when the current image was
 * uploaded, for the admin review grid (Profile/Photos), newest first.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('blocked_reason', 500).nullable()
      table.timestamp('blocked_at').nullable()
      table.timestamp('blocked_until').nullable()
      table.integer('blocked_by_id').nullable()
      table.timestamp('avatar_changed_at').nullable()
      table.timestamp('cover_changed_at').nullable()
      table.index(['avatar_changed_at', 'id'])
      table.index(['cover_changed_at', 'id'])
    })
    this.defer(async (db) => {
      await db
        .from('users')
        .whereNotNull('avatar_key')
        .update({
          avatar_changed_at: db.raw('coalesce(updated_at, created_at)'),
        })
      await db
        .from('users')
        .whereNotNull('cover_key')
        .update({
          cover_changed_at: db.raw('coalesce(updated_at, created_at)'),
        })
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('blocked_reason')
      table.dropColumn('blocked_at')
      table.dropColumn('blocked_until')
      table.dropColumn('blocked_by_id')
      table.dropIndex(['avatar_changed_at', 'id'])
      table.dropIndex(['cover_changed_at', 'id'])
      table.dropColumn('avatar_changed_at')
      table.dropColumn('cover_changed_at')
    })
  }
}
