import type { HttpContext } from '@adonisjs/core/http'
import AdminSystemPolicy from '#policies/admin_system_policy'
import { auditLogPage } from '#queries/admin/audit_log'
import { AUDIT_ACTION_LABELS } from '#services/audit_actions'
import AuditEntryTransformer from '#transformers/admin/audit_entry_transformer'

/**
 * AuditLog/Index (PRODUCT §9): every recorded action, newest first, with
 * filters. Read only: no route changes or deletes an entry (a test checks
 * the route list).
 */
export default class AuditLogController {
  async index({ request, inertia, bouncer }: HttpContext) {
    await bouncer.with(AdminSystemPolicy).authorize('viewAuditLog')
    const page = await auditLogPage(request.qs())
    return inertia.render('AuditLog/Index', {
      entries: AuditEntryTransformer.transform(page.entries),
      filters: page.filters,
      actions: Object.entries(AUDIT_ACTION_LABELS)
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      unknownActor: page.unknownActor,
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }
}
