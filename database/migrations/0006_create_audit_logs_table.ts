import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'audit_logs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('actor_id').nullable().unsigned().references('users.id').onDelete('SET NULL')
      table.string('action', 64).notNullable()
      table.string('subject_type', 32).nullable()
      table.integer('subject_id').nullable()
      table.text('meta').nullable()
      table.string('ip', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['created_at', 'id'])
      table.index(['actor_id'])
      table.index(['subject_type', 'subject_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
