import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Uploaded files (images, videos, PDFs) attached to a post or a comment.
 * Files live in Drive under server-generated keys; they are only served
 * through an authorising route.
 */
export default class extends BaseSchema {
  protected tableName = 'media'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('uploader_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table.integer('post_id').nullable().unsigned().references('posts.id').onDelete('CASCADE')
      table.integer('comment_id').nullable().unsigned()
      table.string('kind', 16).notNullable() // image | video | pdf
      table.string('mime', 100).notNullable()
      table.bigInteger('size').notNullable()
      table.string('original_name', 255).notNullable()
      table.string('file_key', 255).notNullable()
      table.string('display_key', 255).nullable() // images: display size
      table.string('thumb_key', 255).nullable() // images: thumbnail
      table.integer('width').nullable()
      table.integer('height').nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()

      table.index(['post_id', 'position'])
      table.index(['comment_id'])
      table.index(['uploader_id', 'kind', 'id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
