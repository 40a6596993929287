import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * AuditLog/Index lists entries newest first (keyset on id) and filters them
 * by actor and by action: with these, each filter is one range scan of its
 * own index in id order, however long the log grows. (created_at, id)
 * already serves the date range.
 */
export default class extends BaseSchema {
  protected tableName = 'audit_logs'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['actor_id', 'id'], 'audit_logs_actor_id_id_index')
      table.index(['action', 'id'], 'audit_logs_action_id_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['actor_id', 'id'], 'audit_logs_actor_id_id_index')
      table.dropIndex(['action', 'id'], 'audit_logs_action_id_index')
    })
  }
}
