import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'
import Post from '#models/post'
import Comment from '#models/comment'
import Report from '#models/report'
import User from '#models/user'
import { dbDateTime } from '#services/db/db_time'

/** How many of each list Profile/Index shows. */
export const RECENT = 5
export const AUDIT_ENTRIES = 10

/** An audit_logs row about a person, with who did it. */
export interface PersonAuditEntry {
  id: number
  action: string
  actor: User | null
  meta: Record<string, unknown> | null
  ip: string | null
  createdAt: ReturnType<typeof dbDateTime>
}

/**
 * Everything Profile/Index shows about one account: recent posts and
 * comments (any state), reports by them and against them (against their
 * account or one of their posts), their open sessions, and the audit
 * entries about them. A fixed number of queries, whatever the account.
 */
export async function personDetail(user: User) {
  const [posts, comments, reportsBy, reportsAgainst, audit, sessions, tokens] = await Promise.all([
    Post.query()
      .where('author_id', user.id)
      .whereNull('deleted_at')
      .orderBy('id', 'desc')
      .limit(RECENT),
    Comment.query()
      .where('author_id', user.id)
      .whereNull('deleted_at')
      .orderBy('id', 'desc')
      .limit(RECENT),
    Report.query().where('reporter_id', user.id).orderBy('id', 'desc').limit(RECENT),
    Report.query()
      .where((q) => {
        q.where((s) => s.where('subject_type', 'user').where('subject_id', user.id)).orWhere((s) =>
          s
            .where('subject_type', 'post')
            .whereIn('subject_id', db.from('posts').where('author_id', user.id).select('id'))
        )
      })
      .orderBy('id', 'desc')
      .limit(RECENT),
    db
      .from('audit_logs')
      .where('subject_type', 'user')
      .where('subject_id', user.id)
      .orderBy('id', 'desc')
      .limit(AUDIT_ENTRIES),
    openSessions(user.id),
    db.from('remember_me_tokens').where('tokenable_id', user.id).count('* as total').first(),
  ])

  const actorIds = [...new Set(audit.map((row) => row.actor_id).filter((id) => id !== null))]
  const actors = actorIds.length ? await User.query().whereIn('id', actorIds) : []
  const byId = new Map(actors.map((actor) => [actor.id, actor]))
  const entries: PersonAuditEntry[] = audit.map((row) => ({
    id: Number(row.id),
    action: String(row.action),
    actor: row.actor_id === null ? null : (byId.get(Number(row.actor_id)) ?? null),
    meta: parseMeta(row.meta),
    ip: row.ip ?? null,
    createdAt: dbDateTime(row.created_at),
  }))

  return {
    posts,
    comments,
    reportsBy,
    reportsAgainst,
    audit: entries,
    sessions: { open: sessions, rememberTokens: Number(tokens?.total ?? 0) },
  }
}

function parseMeta(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'object') return value as Record<string, unknown>
  try {
    const parsed = JSON.parse(String(value))
    return parsed && typeof parsed === 'object' ? parsed : null
  } catch {
    return null
  }
}

/** How many signed-in browsers the account has, or null when the store cannot tell. */
export async function openSessions(userId: number) {
  const sessions = await app.container.make(SessionCollection)
  if (!sessions.supportsTagging()) return null
  const tagged = await sessions.tagged(String(userId))
  return tagged.length
}
