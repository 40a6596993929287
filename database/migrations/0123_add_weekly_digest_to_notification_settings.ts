import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The weekly team digest (issue 15 §3, app/services/weekly_digest.ts):
 * - `digest_unsubscribed`: the person opted out of the digest (their
 *   notification settings, or the digest's one-click unsubscribe);
 * - `last_digest_at`: when their last digest was claimed, so a week's
 *   digest goes out once even if two runs overlap.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('notification_settings', (table) => {
      table.boolean('digest_unsubscribed').notNullable().defaultTo(false)
      table.timestamp('last_digest_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('notification_settings', (table) => {
      table.dropColumn('last_digest_at')
      table.dropColumn('digest_unsubscribed')
    })
  }
}
