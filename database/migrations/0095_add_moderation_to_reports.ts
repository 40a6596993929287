import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The reports queue (issue 19 §2): who decided a report and when, and an
 * index to group the reports of one target (post or person) by status.
 * Statuses: pending → reviewed → resolved | dismissed.
 */
export default class extends BaseSchema {
  protected tableName = 'reports'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .integer('moderator_id')
        .nullable()
        .unsigned()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('decided_at').nullable()
      table.index(['subject_type', 'subject_id', 'status'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['subject_type', 'subject_id', 'status'])
      table.dropForeign(['moderator_id'])
      table.dropColumn('moderator_id')
      table.dropColumn('decided_at')
    })
  }
}
