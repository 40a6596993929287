import { Exception } from '@adonisjs/core/exceptions'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { PAGE_SIZE, parseIdCursor, splitPage } from '#queries/feeds/cursor'
import { AUDIT_ACTION_PATTERN } from '#services/audit_actions'

/**
 * AuditLog/Index (PRODUCT §9): the audit log newest first, keyset pages on
 * the id (entries are only ever appended, so id order is time order),
 * filtered by actor (username), action and a range of UTC days. Each filter
 * has its index (0006, 0109): a page is one range scan whatever the log's
 * size. Queries per page: the actor's id when filtered by actor, the page,
 * and one for the people it names (actors and people acted on).
 */
export interface AuditFilters {
  actor: string
  action: string
  from: string
  to: string
}

export interface AuditEntryRecord {
  id: number
  action: string
  /** Null for the system's own actions, and once the actor's account is deleted (actor_id SET NULL). */
  actor: User | null
  subjectType: string | null
  subjectId: number | null
  /** The person acted on, when the subject is a user that still exists. */
  subjectUser: User | null
  meta: Record<string, unknown> | null
  ip: string | null
  createdAt: Date
}

export class BadAuditFilterException extends Exception {
  static status = 400
  static code = 'E_BAD_AUDIT_FILTER'
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** "YYYY-MM-DD" → that UTC midnight; empty → null; anything else → 400 naming the field. */
function parseDay(raw: string, label: string): Date | null {
  if (!raw) return null
  const match = DAY.exec(raw)
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
    throw new BadAuditFilterException(
      `The ${label} date "${raw.slice(0, 20)}" is not a valid date (expected YYYY-MM-DD).`
    )
  }
  return date
}

function text(value: unknown, max: number) {
  return typeof value === 'string' ? value.trim().slice(0, max) : ''
}

/**
 * The query string as typed: text fields trimmed, the actor's "@" dropped.
 * Malformed dates, an action that is no action code, or "from" after "to"
 * are a 400 with a sentence saying what is wrong.
 */
export function parseAuditFilters(qs: Record<string, unknown>) {
  const filters: AuditFilters = {
    actor: text(qs.actor, 60).replace(/^@/, ''),
    action: text(qs.action, 64),
    from: text(qs.from, 10),
    to: text(qs.to, 10),
  }
  if (filters.action && !AUDIT_ACTION_PATTERN.test(filters.action)) {
    throw new BadAuditFilterException('Choose an action from the list.')
  }
  const from = parseDay(filters.from, '"from"')
  const to = parseDay(filters.to, '"to"')
  if (from && to && from > to) {
    throw new BadAuditFilterException('The "from" date must not be after the "to" date.')
  }
  return { filters, from, to }
}

export interface AuditPage {
  entries: AuditEntryRecord[]
  /** The actor filter names nobody. */
  unknownActor: boolean
  cursor: string | null
  nextCursor: string | null
}

export async function auditLogPage(
  qs: Record<string, unknown>
): Promise<AuditPage & { filters: AuditFilters }> {
  const { filters, from, to } = parseAuditFilters(qs)
  const cursor = parseIdCursor(qs.cursor)
  const empty = {
    filters,
    entries: [],
    cursor: cursor === null ? null : String(cursor),
    nextCursor: null,
  }

  const query = db
    .from('audit_logs')
    .select('id', 'actor_id', 'action', 'subject_type', 'subject_id', 'meta', 'ip', 'created_at')
  if (filters.actor) {
    const actor = await db
      .from('users')
      .whereRaw('lower(username) = ?', [filters.actor.toLowerCase()])
      .select('id')
      .first()
    if (!actor) return { ...empty, unknownActor: true }
    query.where('actor_id', actor.id)
  }
  if (filters.action) query.where('action', filters.action)
  if (from) query.where('created_at', '>=', from)
  if (to) query.where('created_at', '<', new Date(to.getTime() + 24 * 3600 * 1000))
  if (cursor !== null) query.where('id', '<', cursor)
  const rows = await query.orderBy('id', 'desc').limit(PAGE_SIZE + 1)
  const { items, hasMore } = splitPage(rows)

  const userIds = new Set<number>()
  for (const row of items) {
    if (row.actor_id !== null) userIds.add(Number(row.actor_id))
    if (row.subject_type === 'user' && row.subject_id !== null) userIds.add(Number(row.subject_id))
  }
  const users = userIds.size ? await User.query().whereIn('id', [...userIds]) : []
  const byId = new Map(users.map((user) => [user.id, user]))

  return {
    filters,
    unknownActor: false,
    cursor: empty.cursor,
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
    entries: items.map((row) => ({
      id: Number(row.id),
      action: String(row.action),
      actor: row.actor_id === null ? null : (byId.get(Number(row.actor_id)) ?? null),
      subjectType: row.subject_type ?? null,
      subjectId: row.subject_id === null ? null : Number(row.subject_id),
      subjectUser:
        row.subject_type === 'user' && row.subject_id !== null
          ? (byId.get(Number(row.subject_id)) ?? null)
          : null,
      meta: parseMeta(row.meta),
      ip: row.ip ?? null,
      createdAt: toDate(row.created_at),
    })),
  }
}

function parseMeta(raw: unknown): Record<string, unknown> | null {
  if (raw === null || raw === undefined) return null
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) : raw
    return value && typeof value === 'object' && !Array.isArray(value) ? value : { value }
  } catch {
    return { value: String(raw) }
  }
}

/** Timestamps written as JS dates come back as epoch ms (SQLite) or Date (PostgreSQL). */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value
  if (typeof value === 'number' || /^\d+$/.test(String(value))) return new Date(Number(value))
  return new Date(String(value).replace(' ', 'T'))
}
