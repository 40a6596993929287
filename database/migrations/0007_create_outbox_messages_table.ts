import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Development mail outbox (used when no SMTP server is configured, never
 * in production).
 */
export default class extends BaseSchema {
  protected tableName = 'outbox_messages'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('message_id', 64).notNullable()
      table.string('to_address', 1000).notNullable()
      table.string('subject', 500).notNullable()
      table.text('html').nullable()
      table.text('text').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
