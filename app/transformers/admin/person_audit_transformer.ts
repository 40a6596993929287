import { BaseTransformer } from '@adonisjs/core/transformers'
import UserTransformer from '#transformers/user_transformer'
import type { PersonAuditEntry } from '#queries/admin/person'

/** An audit entry about the person, on Profile/Index: `Data.Admin.PersonAudit`. */
export default class PersonAuditTransformer extends BaseTransformer<PersonAuditEntry> {
  toObject() {
    const entry = this.resource
    return {
      id: entry.id,
      action: entry.action,
      actor: entry.actor ? new UserTransformer(entry.actor).toObject() : null,
      meta: entry.meta ? JSON.stringify(entry.meta) : null,
      ip: entry.ip,
      createdAt: entry.createdAt?.toISO() ?? null,
    }
  }
}
