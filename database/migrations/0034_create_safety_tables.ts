import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Blocks (symmetric hiding) and reports (reviewed later by admins).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('blocks', (table) => {
      table
        .integer('blocker_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table
        .integer('blocked_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.primary(['blocker_id', 'blocked_id'])
      table.index(['blocked_id'])
    })

    this.schema.createTable('reports', (table) => {
      table.increments('id')
      table
        .integer('reporter_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table.string('subject_type', 16).notNullable() // post | user
      table.integer('subject_id').notNullable()
      table.string('reason', 32).notNullable()
      table.string('details', 1000).nullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table.text('notes').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['reporter_id', 'subject_type', 'subject_id'])
      table.index(['status', 'id'])
      table.index(['reporter_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('reports')
    this.schema.dropTable('blocks')
  }
}
