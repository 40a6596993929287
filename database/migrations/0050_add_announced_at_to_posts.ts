import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admin announcements (PRODUCT §6 "admin announcement post (to all
 * members)"): an admin's post marked as an announcement carries the time it
 * was announced; null for every other post.
 */
export default class extends BaseSchema {
  protected tableName = 'posts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('announced_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('announced_at')
    })
  }
}
