import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (@adonisjs/session database store), tagged with the
 * user id so all of a user's sessions can be listed and revoked.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
