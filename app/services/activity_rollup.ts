import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { dbDateTime, dbTime } from '#services/db/db_time'

/**
 * The admin dashboard's activity chart (issue 19 §1): rows created per day
 * — posts, comments, post likes, accounts — over the last 30, 90 or 365
 * days, without a GROUP BY over the big tables per request.
 *
 * Decision: a daily rollup table (`activity_daily`) recomputed
 * incrementally by a scheduled job (RollupActivityJob, hourly), not
 * counters bumped in every write path. The writes stay as they are (one
 * more UPDATE per like would be one more write on the hottest path, S4),
 * past days change rarely (only an unlike touches them), and
 * counters:repair rebuilds the table from the rows with the same
 * definitions (ACTIVITY_SERIES feeds COUNTERS). Today's partial day is
 * counted live: one range count on each table's created_at index.
 * A request reads at most 366 rollup rows by primary key + 4 range counts.
 */
export const ACTIVITY_SERIES = [
  {
    column: 'posts',
    table: 'posts',
    label: 'New posts',
    definition: 'Posts and shares written that day, in any state (deleted ones included).',
  },
  {
    column: 'comments',
    table: 'comments',
    label: 'Comments',
    definition: 'Comments written that day (deleted ones included).',
  },
  {
    column: 'likes',
    table: 'post_likes',
    label: 'Likes',
    definition: 'Post likes given that day and not taken back since.',
  },
  {
    column: 'accounts',
    table: 'users',
    label: 'New accounts',
    definition: 'Accounts created that day, every role (deleted ones included).',
  },
] as const

export type ActivityColumn = (typeof ACTIVITY_SERIES)[number]['column']
export const ACTIVITY_RANGES = [30, 90, 365] as const
export type ActivityRange = (typeof ACTIVITY_RANGES)[number]

/** The correlated count of one rollup cell (also a COUNTERS definition). */
export function activityCountSql(table: string) {
  return `SELECT COUNT(*) FROM ${table} AS ad_src
    WHERE ad_src.created_at >= activity_daily.starts_at
      AND ad_src.created_at < activity_daily.ends_at`
}

export interface ActivityDay {
  day: string
  posts: number
  comments: number
  likes: number
  accounts: number
}

const dayKey = (value: DateTime) => value.toFormat('yyyy-MM-dd')

function today() {
  return DateTime.now().startOf('day')
}

/**
 * Inserts the missing day rows (zeros) from the day after the last one
 * (or the oldest account / post) up to yesterday. Returns the first day
 * inserted, or null when the table was up to date.
 */
export async function ensureActivityDays(client: QueryClientContract): Promise<string | null> {
  const last = await client.from('activity_daily').max('day as day').first()
  let start: DateTime | null = null
  if (last?.day) {
    start = DateTime.fromFormat(String(last.day), 'yyyy-MM-dd').plus({ days: 1 })
  } else {
    const oldest = await Promise.all(
      ['users', 'posts'].map((table) => client.from(table).min('created_at as at').first())
    )
    const times = oldest
      .map((row) => dbDateTime(row?.at))
      .filter((value): value is DateTime => value !== null && value.isValid)
      .map((value) => value.toMillis())
    if (times.length === 0) return null
    start = DateTime.fromMillis(Math.min(...times)).startOf('day')
  }
  const end = today()
  if (start >= end) return null
  const days: Record<string, unknown>[] = []
  for (let day = start; day < end; day = day.plus({ days: 1 })) {
    days.push({
      day: dayKey(day),
      starts_at: dbTime(day),
      ends_at: dbTime(day.plus({ days: 1 })),
      posts: 0,
      comments: 0,
      likes: 0,
      accounts: 0,
    })
  }
  for (let i = 0; i < days.length; i += 200) {
    await client.table('activity_daily').multiInsert(days.slice(i, i + 200))
  }
  return dayKey(start)
}

/** Days recounted per statement: each is a short synchronous step on SQLite. */
const BATCH_DAYS = 14

/**
 * The job's work: adds the days that ended since the last run and
 * recounts them, plus the two days before the newest existing one (a
 * write that straddled midnight, an unlike the day after). Older days are
 * left to counters:repair. The recount goes BATCH_DAYS days per UPDATE,
 * each its own statement, yielding to the event loop in between: the
 * first run on a big database (the benchmark's 419 days, 1.4M rows) never
 * holds the web process (or SQLite's write lock) for long. Returns the
 * number of days recounted.
 */
export async function rollupActivity(client?: QueryClientContract): Promise<number> {
  const connection = client ?? db.connection()
  const last = await connection.from('activity_daily').max('day as day').first()
  const inserted = await ensureActivityDays(connection)
  const recountFrom = last?.day
    ? dayKey(DateTime.fromFormat(String(last.day), 'yyyy-MM-dd').minus({ days: 1 }))
    : inserted
  if (!recountFrom) return 0
  const set = ACTIVITY_SERIES.map((s) => `${s.column} = (${activityCountSql(s.table)})`).join(', ')
  const rows = await connection
    .from('activity_daily')
    .where('day', '>=', recountFrom)
    .orderBy('day', 'asc')
    .select('day')
  const days = rows.map((row) => String(row.day))
  for (let i = 0; i < days.length; i += BATCH_DAYS) {
    const batch = days.slice(i, i + BATCH_DAYS)
    await connection.rawQuery(`UPDATE activity_daily SET ${set} WHERE day >= ? AND day <= ?`, [
      batch[0],
      batch[batch.length - 1],
    ])
    await new Promise((resolve) => setImmediate(resolve))
  }
  return days.length
}

/**
 * Whether the rollup holds every ended day: yesterday's row exists, or
 * nothing (account or post) was created before today.
 */
export async function rollupIsCurrent(): Promise<boolean> {
  const yesterday = dayKey(today().minus({ days: 1 }))
  const row = await db.from('activity_daily').where('day', yesterday).select('day').first()
  if (row) return true
  const midnight = dbTime(today())
  for (const table of ['users', 'posts']) {
    const older = await db.from(table).where('created_at', '<', midnight).select('id').first()
    if (older) return false
  }
  return true
}

/**
 * The chart's series: the last `range` days, oldest first, today included
 * (counted live). Days the rollup does not hold yet read as zero; the
 * caller says so (`complete`).
 */
export async function activitySeries(range: ActivityRange) {
  const start = today().minus({ days: range - 1 })
  const stored = await db
    .from('activity_daily')
    .where('day', '>=', dayKey(start))
    .select('day', 'posts', 'comments', 'likes', 'accounts')
    .orderBy('day', 'asc')
  const byDay = new Map(stored.map((row) => [String(row.day), row]))
  const now = today()
  const live = await Promise.all(
    ACTIVITY_SERIES.map(async (s) => {
      const [row] = await db
        .from(s.table)
        .where('created_at', '>=', dbTime(now))
        .count('* as total')
      return [s.column, Number(row.total)] as const
    })
  )
  const todayCounts = Object.fromEntries(live) as Record<ActivityColumn, number>
  const days: ActivityDay[] = []
  for (let day = start; day <= now; day = day.plus({ days: 1 })) {
    const key = dayKey(day)
    if (day.equals(now)) {
      days.push({ day: key, ...todayCounts })
      continue
    }
    const row = byDay.get(key)
    days.push({
      day: key,
      posts: Number(row?.posts ?? 0),
      comments: Number(row?.comments ?? 0),
      likes: Number(row?.likes ?? 0),
      accounts: Number(row?.accounts ?? 0),
    })
  }
  return days
}
