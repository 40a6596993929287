import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Posts, including shares (a share is a post whose shared_post_id points at
 * the original; one share per user per original). Counters are kept in the
 * same transaction as the rows they count.
 */
export default class extends BaseSchema {
  protected tableName = 'posts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('author_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      // Sanitised HTML (allow-list) and its plain text (search, previews).
      table.text('body_html').notNullable().defaultTo('')
      table.text('body_text').notNullable().defaultTo('')
      table.string('audience', 16).notNullable().defaultTo('team')
      table.string('status', 16).notNullable().defaultTo('published')
      table.string('rejection_reason', 500).nullable()
      table
        .integer('shared_post_id')
        .nullable()
        .unsigned()
        .references('posts.id')
        .onDelete('CASCADE')
      table.integer('likes_count').notNullable().defaultTo(0)
      table.integer('comments_count').notNullable().defaultTo(0)
      table.integer('shares_count').notNullable().defaultTo(0)
      table.integer('media_count').notNullable().defaultTo(0)
      table.timestamp('published_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.timestamp('deleted_at').nullable()

      // Feeds: newest first by id (keyset), filtered by status/audience.
      table.index(['status', 'audience', 'id'])
      table.index(['author_id', 'id'])
      table.index(['shared_post_id'])
      table.unique(['author_id', 'shared_post_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
