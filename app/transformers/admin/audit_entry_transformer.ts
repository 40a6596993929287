import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AuditEntryRecord } from '#queries/admin/audit_log'
import UserTransformer from '#transformers/user_transformer'
import { auditActionLabel } from '#services/audit_actions'

/** At most this many characters of an entry's details are sent (the rest is cut with "…"). */
const MAX_DETAILS = 300

/**
 * One audit log entry (AuditLog/Index, `Data.Admin.AuditEntry`): who (name,
 * username, avatar), what (the action's code and its label), on whom or
 * what, when, from which address, and the entry's details as "key: value"
 * lines. Never an e-mail address or a secret: the audit log stores none.
 */
export default class AuditEntryTransformer extends BaseTransformer<AuditEntryRecord> {
  toObject() {
    const entry = this.resource
    return {
      id: entry.id,
      action: entry.action,
      label: auditActionLabel(entry.action),
      actor: entry.actor ? new UserTransformer(entry.actor).toObject() : null,
      subject: entry.subjectType
        ? {
            type: entry.subjectType,
            id: entry.subjectId,
            person: entry.subjectUser ? new UserTransformer(entry.subjectUser).toObject() : null,
          }
        : null,
      details: entry.meta ? describeMeta(entry.meta) : [],
      ip: entry.ip,
      createdAt: entry.createdAt.toISOString(),
    }
  }
}

/** { changes: { teamName: { from: 'A', to: 'B' } } } → ['teamName: "A" → "B"'], one line per key. */
function describeMeta(meta: Record<string, unknown>): string[] {
  const lines: string[] = []
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'changes' && value && typeof value === 'object') {
      for (const [field, change] of Object.entries(value as Record<string, unknown>)) {
        const c = change as { from?: unknown; to?: unknown } | null
        lines.push(
          c && typeof c === 'object' && 'to' in c
            ? `${field}: ${show(c.from)} → ${show(c.to)}`
            : `${field}: ${show(change)}`
        )
      }
    } else {
      lines.push(`${key}: ${show(value)}`)
    }
  }
  return lines
    .slice(0, 20)
    .map((line) => (line.length > MAX_DETAILS ? `${line.slice(0, MAX_DETAILS)}…` : line))
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return JSON.stringify(value)
  return JSON.stringify(value) ?? String(value)
}
