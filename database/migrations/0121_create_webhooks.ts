import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Outgoing webhooks (issue 14): endpoints an admin configured (URL, the
 * signing secret encrypted with APP_KEY, the events it wants, on/off) and
 * the delivery log (one row per event sent to an endpoint, updated by
 * each attempt of the delivery job).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_endpoints', (table) => {
      table.increments('id')
      table.string('url', 2048).notNullable()
      table.string('description', 120).notNullable().defaultTo('')
      /** encryption.encrypt(secret): the body is signed with it, so it must be readable. */
      table.text('secret_encrypted').notNullable()
      /** JSON array of event names (post.created, comment.created, …). */
      table.text('events').notNullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
    this.schema.createTable('webhook_deliveries', (table) => {
      table.increments('id')
      table
        .integer('endpoint_id')
        .notNullable()
        .unsigned()
        .references('webhook_endpoints.id')
        .onDelete('CASCADE')
      table.string('event', 40).notNullable()
      /** What the event is about ("user:7"): member.joined goes out once per person. */
      table.string('subject', 60).notNullable().defaultTo('')
      /** The exact JSON body sent (signed as is). */
      table.text('payload').notNullable()
      /** pending → delivered | retrying → failed */
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.integer('response_code').nullable()
      table.integer('duration_ms').nullable()
      table.string('error', 500).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['endpoint_id', 'id'])
      table.index(['event', 'subject'])
    })
  }

  async down() {
    this.schema.dropTable('webhook_deliveries')
    this.schema.dropTable('webhook_endpoints')
  }
}
