import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Private messages (PRODUCT §7): one conversation per pair of users (the
 * pair stored in ascending id order, unique), one participant row per side
 * with its own read position and exact unread count (both moved in the
 * transaction that writes a message or marks it read), the messages, and
 * attachments as media rows (`media.message_id`) served by the authorising
 * media route to the two participants only.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('conversations', (table) => {
      table.increments('id')
      table
        .integer('user_low_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table
        .integer('user_high_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      table.integer('last_message_id').nullable()
      table.timestamp('last_message_at').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_low_id', 'user_high_id'])
      table.index(['user_high_id'])
    })

    this.schema.createTable('conversation_participants', (table) => {
      table
        .integer('conversation_id')
        .notNullable()
        .unsigned()
        .references('conversations.id')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table
        .integer('other_user_id')
        .notNullable()
        .unsigned()
        .references('users.id')
        .onDelete('CASCADE')
      /** Messages up to this id (from the other person) have been read. */
      table.integer('last_read_message_id').notNullable().defaultTo(0)
      /** Messages from the other person after last_read_message_id (exact). */
      table.integer('unread_count').notNullable().defaultTo(0)
      /** Copy of conversations.last_message_id (ids only grow): the list is one index range. */
      table.integer('last_message_id').nullable()
      table.primary(['conversation_id', 'user_id'])
      table.unique(['user_id', 'other_user_id'])
      // Messages/Index: a user's conversations by last activity.
      table.index(['user_id', 'last_message_id'])
    })

    this.schema.createTable('messages', (table) => {
      table.increments('id')
      table
        .integer('conversation_id')
        .notNullable()
        .unsigned()
        .references('conversations.id')
        .onDelete('CASCADE')
      table.integer('sender_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.text('body').notNullable()
      table.integer('attachments_count').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      // History, newest first, keyset on id.
      table.index(['conversation_id', 'id'])
      // Unread recount when marking read.
      table.index(['conversation_id', 'sender_id', 'id'])
    })

    this.schema.alterTable('media', (table) => {
      table.integer('message_id').nullable().unsigned()
      table.index(['message_id'])
    })

    // The sum of the user's participant unread counts, moved in the same
    // transactions: the menu badge costs no query.
    this.schema.alterTable('users', (table) => {
      table.integer('unread_messages_count').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('unread_messages_count')
    })
    this.schema.alterTable('media', (table) => {
      table.dropIndex(['message_id'])
      table.dropColumn('message_id')
    })
    this.schema.dropTable('messages')
    this.schema.dropTable('conversation_participants')
    this.schema.dropTable('conversations')
  }
}
