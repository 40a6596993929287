import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invitations for the "invite only" registration mode. Only a SHA-256 of
 * the token is stored.
 */
export default class extends BaseSchema {
  protected tableName = 'invitations'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('email', 254).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table
        .integer('invited_by_id')
        .nullable()
        .unsigned()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('expires_at').notNullable()
      table.timestamp('accepted_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['email'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
