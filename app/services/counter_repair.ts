import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { notBlockedPairSql } from '#queries/people/blocked_pair'
import { ACTIVITY_SERIES, activityCountSql, ensureActivityDays } from '#services/activity_rollup'

/**
 * Every denormalised counter of the schema, with the rows it counts: the
 * same definitions the write paths keep them exact by (app/actions/…).
 * `count` is an SQL expression correlated with the counter's own table,
 * referenced by its bare name (inner tables are aliased), valid on SQLite
 * and PostgreSQL alike. Listed in dependency order.
 */
export interface CounterDefinition {
  table: string
  column: string
  /** The row's identity, for the report. */
  key: string[]
  count: string
  /**
   * The count is held by the column's sum over all the table's rows, not
   * by one row (dashboard_totals' slots): compared as a sum, and repaired
   * by adding the difference to the row `spread` selects.
   */
  spread?: string
}

/** Messages from the other side after the participant's read position (app/actions/messages). */
const UNREAD_MESSAGES = (participant: string) => `SELECT COUNT(*) FROM messages AS um
  WHERE um.conversation_id = ${participant}.conversation_id
    AND um.sender_id = ${participant}.other_user_id
    AND um.id > ${participant}.last_read_message_id`

const PUBLISHED = (alias: string) => `${alias}.status = 'published' AND ${alias}.deleted_at IS NULL`

/**
 * The dashboard's content totals, one column of dashboard_totals each,
 * summed over its slot rows (app/queries/admin/dashboard.ts shows them
 * with these definitions).
 */
export const DASHBOARD_TOTALS = [
  { column: 'posts', count: `SELECT COUNT(*) FROM posts AS dt WHERE ${PUBLISHED('dt')}` },
  {
    column: 'comments',
    count: `SELECT COALESCE(SUM(dt.comments_count), 0) FROM posts AS dt WHERE ${PUBLISHED('dt')}`,
  },
  {
    column: 'likes',
    count: `SELECT COALESCE(SUM(dt.likes_count), 0) FROM posts AS dt WHERE ${PUBLISHED('dt')}`,
  },
  { column: 'messages', count: `SELECT COUNT(*) FROM messages AS dt` },
  { column: 'photos', count: `SELECT COUNT(*) FROM media AS dt WHERE dt.kind = 'image'` },
  { column: 'videos', count: `SELECT COUNT(*) FROM media AS dt WHERE dt.kind = 'video'` },
] as const

export const COUNTERS: CounterDefinition[] = [
  {
    table: 'posts',
    column: 'likes_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM post_likes AS pl WHERE pl.post_id = posts.id`,
  },
  {
    table: 'posts',
    column: 'comments_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM comments AS pc
      WHERE pc.post_id = posts.id AND pc.deleted_at IS NULL`,
  },
  {
    // Published, not deleted shares (app/services/posts/publication.ts recountShares).
    table: 'posts',
    column: 'shares_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM posts AS ps
      WHERE ps.shared_post_id = posts.id AND ps.status = 'published' AND ps.deleted_at IS NULL`,
  },
  {
    table: 'posts',
    column: 'media_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM media AS pm WHERE pm.post_id = posts.id`,
  },
  {
    table: 'comments',
    column: 'likes_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM comment_likes AS cl WHERE cl.comment_id = comments.id`,
  },
  {
    table: 'comments',
    column: 'media_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM media AS cm WHERE cm.comment_id = comments.id`,
  },
  {
    table: 'messages',
    column: 'attachments_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM media AS mm WHERE mm.message_id = messages.id`,
  },
  {
    table: 'conversation_participants',
    column: 'unread_count',
    key: ['conversation_id', 'user_id'],
    count: UNREAD_MESSAGES('conversation_participants'),
  },
  {
    // Published, not deleted posts, shares included (recountUserPosts).
    table: 'users',
    column: 'posts_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM posts AS up
      WHERE up.author_id = users.id AND up.status = 'published' AND up.deleted_at IS NULL`,
  },
  {
    // Post likes only (comment likes are not counted).
    table: 'users',
    column: 'likes_given_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM post_likes AS ul WHERE ul.user_id = users.id`,
  },
  {
    table: 'users',
    column: 'comments_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM comments AS uc
      WHERE uc.author_id = users.id AND uc.deleted_at IS NULL`,
  },
  {
    // The sum of the user's conversations' unread counts, from the messages themselves.
    table: 'users',
    column: 'unread_messages_count',
    key: ['id'],
    count: `SELECT COALESCE(SUM((${UNREAD_MESSAGES('ucp')})), 0)
      FROM conversation_participants AS ucp WHERE ucp.user_id = users.id`,
  },
  {
    // Unread, and nobody on either side of a block (app/queries/notifications.ts recountUnread).
    table: 'users',
    column: 'unread_notifications_count',
    key: ['id'],
    count: `SELECT COUNT(*) FROM notifications AS un
      WHERE un.user_id = users.id AND un.read_at IS NULL
        AND ${notBlockedPairSql('un.user_id', 'un.actor_id')}`,
  },
  // The dashboard's content totals (migrations 0113, 0126): the sums of
  // 8 slot rows kept exact by triggers (a transaction counts in one slot,
  // whichever). After the posts' counters above, whose sums two of them are.
  ...DASHBOARD_TOTALS.map(({ column, count }) => ({
    table: 'dashboard_totals',
    column,
    key: ['slot'],
    count,
    spread: 'slot = 0',
  })),
  // The dashboard's daily activity rollup (app/services/activity_rollup.ts):
  // rows created in each stored day. Missing days are inserted first.
  ...ACTIVITY_SERIES.map((series) => ({
    table: 'activity_daily',
    column: series.column,
    key: ['day'],
    count: activityCountSql(series.table),
  })),
]

export interface CounterReport {
  counter: string
  /** Rows whose stored value differed from the rows it counts. */
  drifted: number
  /** A few of them: the row's key, the stored value and the right one. */
  examples: { key: string; stored: number; actual: number }[]
}

export interface RepairOptions {
  dryRun?: boolean
  client?: QueryClientContract
  /** Examples listed per counter (default 5). */
  examples?: number
}

function rows(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]
}

/**
 * A count held by the sum of a column over all its table's rows: one
 * statement reads both sides in one snapshot, and the difference goes to
 * one row (the other rows' share moves under concurrent writes, the sum
 * stays exact).
 */
async function repairSpread(
  client: QueryClientContract,
  { table, column, count, spread }: CounterDefinition,
  dryRun?: boolean
): Promise<CounterReport | null> {
  const [row] = rows(
    await client.rawQuery(
      `SELECT (SELECT COALESCE(SUM(${column}), 0) FROM ${table}) AS stored, (${count}) AS actual`
    )
  )
  const stored = Number(row?.stored ?? 0)
  const actual = Number(row?.actual ?? 0)
  if (stored === actual) return null
  if (!dryRun) {
    await client.rawQuery(`UPDATE ${table} SET ${column} = ${column} + ? WHERE ${spread}`, [
      actual - stored,
    ])
  }
  return {
    counter: `${table}.${column}`,
    drifted: 1,
    examples: [{ key: 'the sum of all rows', stored, actual }],
  }
}

/**
 * Recomputes every counter (`node ace counters:repair`, and the demo
 * seeder's last step): per counter one set-based UPDATE of the rows that
 * drifted, in one transaction; `dryRun` only reports. Returns the counters
 * that drifted, in COUNTERS order.
 */
export async function repairCounters(options: RepairOptions = {}): Promise<CounterReport[]> {
  const limit = options.examples ?? 5
  const work = async (client: QueryClientContract) => {
    const reports: CounterReport[] = []
    // The rollup's days that ended since its last run (zeros, recounted below).
    if (!options.dryRun) await ensureActivityDays(client)
    for (const counter of COUNTERS) {
      if (counter.spread) {
        const report = await repairSpread(client, counter, options.dryRun)
        if (report) reports.push(report)
        continue
      }
      const { table, column, key, count } = counter
      const drift = `${table}.${column} <> (${count})`
      const total = rows(
        await client.rawQuery(`SELECT COUNT(*) AS total FROM ${table} WHERE ${drift}`)
      )[0]
      const drifted = Number(total?.total ?? 0)
      if (drifted === 0) continue
      const sample = rows(
        await client.rawQuery(
          `SELECT ${key.map((name) => `${table}.${name}`).join(', ')},
             ${table}.${column} AS stored, (${count}) AS actual
           FROM ${table} WHERE ${drift}
           ORDER BY ${key.map((name) => `${table}.${name}`).join(', ')}
           LIMIT ${limit}`
        )
      )
      if (!options.dryRun) {
        await client.rawQuery(`UPDATE ${table} SET ${column} = (${count}) WHERE ${drift}`)
      }
      reports.push({
        counter: `${table}.${column}`,
        drifted,
        examples: sample.map((row) => ({
          key: key.map((name) => `${name} ${row[name]}`).join(', '),
          stored: Number(row.stored),
          actual: Number(row.actual),
        })),
      })
    }
    return reports
  }
  const client = options.client ?? db.connection()
  if (client.isTransaction) return work(client)
  return client.transaction((trx) => work(trx))
}
