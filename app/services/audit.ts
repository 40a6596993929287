import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * Records an admin action (who, what, when, on what) in audit_logs.
 */
export async function audit(
  ctx: Pick<HttpContext, 'auth' | 'request'>,
  action: string,
  subject?: { type: string; id: number } | null,
  meta?: Record<string, unknown>
) {
  await db.table('audit_logs').insert({
    actor_id: ctx.auth.user?.id ?? null,
    action,
    subject_type: subject?.type ?? null,
    subject_id: subject?.id ?? null,
    meta: meta ? JSON.stringify(meta) : null,
    ip: ctx.request.ip(),
    created_at: new Date(),
  })
}
