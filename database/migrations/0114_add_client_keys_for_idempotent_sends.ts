import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Idempotent sends (issue 15 §1, the outbox): a post, comment or message
 * may carry the sender's `Idempotency-Key` header as `client_key`. A unique
 * index per author makes a replayed request (a flaky connection, the
 * offline outbox sending again) find the first row instead of writing a
 * second one. Null for everything sent without a key (NULLs never collide,
 * on SQLite and PostgreSQL alike).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('posts', (table) => {
      table.string('client_key', 100).nullable()
      table.unique(['author_id', 'client_key'], { indexName: 'posts_author_client_key_unique' })
    })
    this.schema.alterTable('comments', (table) => {
      table.string('client_key', 100).nullable()
      table.unique(['author_id', 'client_key'], { indexName: 'comments_author_client_key_unique' })
    })
    this.schema.alterTable('messages', (table) => {
      table.string('client_key', 100).nullable()
      table.unique(['sender_id', 'client_key'], { indexName: 'messages_sender_client_key_unique' })
    })
  }

  async down() {
    this.schema.alterTable('posts', (table) => {
      table.dropUnique(['author_id', 'client_key'], 'posts_author_client_key_unique')
      table.dropColumn('client_key')
    })
    this.schema.alterTable('comments', (table) => {
      table.dropUnique(['author_id', 'client_key'], 'comments_author_client_key_unique')
      table.dropColumn('client_key')
    })
    this.schema.alterTable('messages', (table) => {
      table.dropUnique(['sender_id', 'client_key'], 'messages_sender_client_key_unique')
      table.dropColumn('client_key')
    })
  }
}
