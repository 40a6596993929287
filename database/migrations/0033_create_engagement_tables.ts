import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Comments, likes (posts and comments) and mentions. Likes are unique per
 * user (primary keys), so a double click or a race cannot count twice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('comments', (table) => {
      table.increments('id')
      table.integer('post_id').notNullable().unsigned().references('posts.id').onDelete('CASCADE')
      table.integer('author_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.text('body').notNullable().defaultTo('')
      table.integer('likes_count').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.timestamp('deleted_at').nullable()
      table.index(['post_id', 'id'])
      table.index(['author_id'])
    })

    this.schema.createTable('post_likes', (table) => {
      table.integer('post_id').notNullable().unsigned().references('posts.id').onDelete('CASCADE')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.primary(['post_id', 'user_id'])
      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('comment_likes', (table) => {
      table
        .integer('comment_id')
        .notNullable()
        .unsigned()
        .references('comments.id')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.primary(['comment_id', 'user_id'])
      table.index(['user_id'])
    })

    this.schema.createTable('post_mentions', (table) => {
      table.integer('post_id').notNullable().unsigned().references('posts.id').onDelete('CASCADE')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.primary(['post_id', 'user_id'])
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('post_mentions')
    this.schema.dropTable('comment_likes')
    this.schema.dropTable('post_likes')
    this.schema.dropTable('comments')
  }
}
