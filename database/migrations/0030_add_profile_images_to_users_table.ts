import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // Drive keys of the processed avatar (square) and cover (3:1) images.
      table.string('avatar_key', 255).nullable()
      table.string('cover_key', 255).nullable()
      // Denormalised activity counters shown on profiles and the team panel.
      table.integer('posts_count').notNullable().defaultTo(0)
      table.integer('likes_given_count').notNullable().defaultTo(0)
      table.integer('comments_count').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumns(
        'avatar_key',
        'cover_key',
        'posts_count',
        'likes_given_count',
        'comments_count'
      )
    })
  }
}
