import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notifications (PRODUCT §6, issue 4 §2). One row per notification shown
 * to its recipient; grouped kinds ("Ana and 3 others liked your post") keep
 * ONE unread row per (recipient, kind, target) whose `data` lists the
 * actors. Indexes: the unread count (recipient, read_at) and the keyset
 * list, newest first (recipient, id).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().unsigned().references('users.id').onDelete('CASCADE')
      table.string('kind', 32).notNullable()
      table.integer('actor_id').nullable().unsigned().references('users.id').onDelete('CASCADE')
      table.string('target_type', 16).notNullable()
      table.integer('target_id').notNullable()
      table.text('data').nullable()
      table.timestamp('read_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'read_at'], 'notifications_unread_index')
      table.index(['user_id', 'id'], 'notifications_list_index')
      table.index(['user_id', 'kind', 'target_type', 'target_id'], 'notifications_group_index')
      table.index(['actor_id'])
    })
  }

  async down() {
    this.schema.dropTable('notifications')
  }
}
