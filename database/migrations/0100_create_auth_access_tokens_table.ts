import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Personal access tokens of the public API (issue 14): the table of
 * @adonisjs/auth's DbAccessTokensProvider (User.accessTokens). Only a hash
 * of the secret is stored; `abilities` holds the scopes as JSON
 * (["read","write","admin"]). Deleting a row revokes the token at once.
 */
export default class extends BaseSchema {
  protected tableName = 'auth_access_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('tokenable_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table.string('type').notNullable()
      table.string('name').nullable()
      table.string('hash').notNullable().unique()
      table.text('abilities').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.timestamp('last_used_at').nullable()
      table.timestamp('expires_at').nullable()
      table.index(['tokenable_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
