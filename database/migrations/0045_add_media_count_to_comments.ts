import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Comment images (PRODUCT §5): media rows point at their comment with
 * media.comment_id (0032); comments count their images so a page of
 * comments loads media only when one of them has some (constant queries).
 */
export default class extends BaseSchema {
  protected tableName = 'comments'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('media_count').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('media_count')
    })
  }
}
