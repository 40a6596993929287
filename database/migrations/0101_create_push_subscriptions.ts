import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Web Push (issue 15 §2): one subscription per browser or device (its push
 * service endpoint is unique: a browser that another person signs in to
 * moves to them), with the keys the payload is encrypted to; and each
 * person's "push on/off".
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('push_subscriptions', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.string('endpoint', 2048).notNullable().unique()
      /** The browser's P-256 public key and auth secret (base64url). */
      table.string('p256dh', 128).notNullable()
      table.string('auth', 64).notNullable()
      /** What the settings list shows ("Chrome on Linux"). */
      table.string('device', 120).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_pushed_at').nullable()
      table.index(['user_id', 'id'])
    })
    this.schema.alterTable('users', (table) => {
      table.boolean('push_enabled').notNullable().defaultTo(true)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('push_enabled')
    })
    this.schema.dropTable('push_subscriptions')
  }
}
