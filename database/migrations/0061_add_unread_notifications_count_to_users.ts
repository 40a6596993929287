import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The bell's unread count, stored on the user (recounted exactly whenever
 * notifications are stored or read), so a page costs no extra query for it
 * (BENCHMARKS S1: ≤ 5 queries for the home feed).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.integer('unread_notifications_count').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('unread_notifications_count')
    })
  }
}
