import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notification settings (issue 15 §4) and e-mail when away (§3).
 *
 * - `notification_preferences`: one row per (person, category, channel)
 *   that differs from the default (app/services/notification_preferences.ts
 *   holds the defaults); a person who never changed anything has no row.
 * - `notification_mutes`: "mute this post" / "mute this conversation".
 * - `notification_settings`: at most one row per person, only once they
 *   changed something: quiet hours in their time zone, how long away
 *   before e-mail, e-mail unsubscribed, when the last summary went.
 * - `notifications.emailed_at`: the notification went out in a summary
 *   mail (each is mailed at most once).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notification_preferences', (table) => {
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.string('category', 24).notNullable()
      table.string('channel', 8).notNullable()
      table.boolean('enabled').notNullable()
      table.primary(['user_id', 'category', 'channel'])
      table.index(['category', 'channel', 'user_id'], 'notification_preferences_fanout_index')
    })
    this.schema.createTable('notification_mutes', (table) => {
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.string('target_type', 16).notNullable()
      table.integer('target_id').notNullable()
      table.timestamp('created_at').notNullable()
      table.primary(['user_id', 'target_type', 'target_id'])
      table.index(['target_type', 'target_id', 'user_id'], 'notification_mutes_target_index')
    })
    this.schema.createTable('notification_settings', (table) => {
      table.integer('user_id').primary().unsigned().references('users.id').onDelete('CASCADE')
      /** IANA time zone ("Europe/Lisbon"); null: UTC. */
      table.string('time_zone', 64).nullable()
      /** Quiet hours, minutes after local midnight; both null: none. */
      table.integer('quiet_start').nullable()
      table.integer('quiet_end').nullable()
      /** Minutes without activity before e-mail (null: the default, 60). */
      table.integer('email_after_minutes').nullable()
      /** One-click unsubscribe from every notification e-mail. */
      table.boolean('email_unsubscribed').notNullable().defaultTo(false)
      table.timestamp('last_summary_at').nullable()
    })
    this.schema.alterTable('notifications', (table) => {
      table.timestamp('emailed_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('notifications', (table) => {
      table.dropColumn('emailed_at')
    })
    this.schema.dropTable('notification_settings')
    this.schema.dropTable('notification_mutes')
    this.schema.dropTable('notification_preferences')
  }
}
