import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('full_name', 100).notNullable()
      // Stored lower-case; the validator allows [a-z0-9._] only.
      table.string('username', 30).notNullable().unique()
      // Stored lower-case and trimmed.
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.string('role', 16).notNullable().defaultTo('member')
      table.string('approval_status', 16).notNullable().defaultTo('approved')
      table.boolean('is_active').notNullable().defaultTo(true)
      table.text('bio').nullable()
      table.boolean('must_change_password').notNullable().defaultTo(false)
      table.timestamp('email_verified_at').nullable()
      table.timestamp('deletion_requested_at').nullable()
      table.string('deletion_reason', 500).nullable()
      table.timestamp('deleted_at').nullable()
      table.timestamp('last_login_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()

      table.index(['role', 'approval_status', 'created_at'])
      table.index(['deletion_requested_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
