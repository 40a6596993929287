import { Exception } from '@adonisjs/core/exceptions'
import db from '@adonisjs/lucid/services/db'
import { QUEUES, queueDriver } from '#config/queue'
import {
  countRedisFailedJobs,
  discardRedisFailedJob,
  redisFailedJobRows,
  retryRedisFailedJob,
} from '#queries/admin/failed_jobs_redis'

/**
 * The job queue's failed jobs (issue 18 §1), read from the store the queue
 * runs on (config/queue.ts): the `database` store's table here, the `redis`
 * store's hashes in failed_jobs_redis.ts (rows of the same shape, mapped
 * the same way). A job that used up its attempts stays there for a week
 * (removeOnFail). Newest failure first, keyset pages on (finished_at, id):
 * one range scan of the (queue, status, finished_at) index per queue, or of
 * each queue's failed index in Redis.
 */
export const FAILED_JOBS_PAGE_SIZE = 25
const JOBS_TABLE = 'queue_jobs'

/** A job id as the store writes it (a UUID), for the routes' matcher too. */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{1,255}$/

export interface FailedJobRecord {
  id: string
  queue: string
  name: string
  attempts: number
  error: string | null
  failedAt: Date | null
  /** For a mail: its subject and recipients (never its body: links in it are secrets). */
  mail: { subject: string; to: string } | null
}

export class BadJobCursorException extends Exception {
  static status = 400
  static code = 'E_BAD_CURSOR'
  static message = 'The page cursor is not valid. Reload the page to start again.'
}

/** "<finished_at ms>.<job id>" */
function parseCursor(raw: unknown): { at: number; id: string } | null {
  if (raw === undefined || raw === null || raw === '') return null
  const match = typeof raw === 'string' ? /^(\d{1,15})\.([A-Za-z0-9_-]{1,255})$/.exec(raw) : null
  if (!match) throw new BadJobCursorException()
  return { at: Number(match[1]), id: match[2] }
}

/** The stores that keep failed jobs (`sync` runs a job at once and keeps nothing). */
export function jobsAreListed() {
  return ['database', 'redis'].includes(queueDriver())
}

const onRedis = () => queueDriver() === 'redis'

export async function failedJobsPage(rawCursor: unknown) {
  const cursor = parseCursor(rawCursor)
  const rows = onRedis()
    ? await redisFailedJobRows(QUEUES, cursor, FAILED_JOBS_PAGE_SIZE + 1)
    : await databaseFailedJobRows(cursor)
  const items = rows.slice(0, FAILED_JOBS_PAGE_SIZE)
  const last = items[items.length - 1]
  return {
    jobs: items.map(toRecord),
    cursor: typeof rawCursor === 'string' && rawCursor ? rawCursor : null,
    nextCursor:
      rows.length > FAILED_JOBS_PAGE_SIZE && last
        ? `${Number(last.finished_at ?? 0)}.${last.id}`
        : null,
  }
}

async function databaseFailedJobRows(cursor: { at: number; id: string } | null) {
  const query = db
    .from(JOBS_TABLE)
    .whereIn('queue', QUEUES)
    .where('status', 'failed')
    .select('id', 'queue', 'data', 'error', 'finished_at')
  if (cursor) {
    query.where((q) =>
      q
        .where('finished_at', '<', cursor.at)
        .orWhere((same) => same.where('finished_at', cursor.at).where('id', '<', cursor.id))
    )
  }
  const rows: any[] = await query
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FAILED_JOBS_PAGE_SIZE + 1)
  return rows
}

export async function countFailedJobs() {
  if (onRedis()) return countRedisFailedJobs(QUEUES)
  const [row] = await db
    .from(JOBS_TABLE)
    .whereIn('queue', QUEUES)
    .where('status', 'failed')
    .count('* as total')
  return Number(row.total)
}

function toRecord(row: any): FailedJobRecord {
  let data: any = {}
  try {
    data = JSON.parse(row.data)
  } catch {}
  const message = data?.payload?.mail?.message
  return {
    id: String(row.id),
    queue: String(row.queue),
    name: typeof data?.name === 'string' ? data.name : 'Unknown job',
    attempts: Number(data?.attempts ?? 0),
    error: row.error ? String(row.error) : null,
    failedAt: row.finished_at ? new Date(Number(row.finished_at)) : null,
    mail: message ? { subject: String(message.subject ?? ''), to: addresses(message.to) } : null,
  }
}

function addresses(value: unknown): string {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list
    .map((entry) => (typeof entry === 'string' ? entry : String(entry?.address ?? '')))
    .join(', ')
}

/** The store's score for a pending job (priority first, then time), as @boringnode/queue computes it. */
const DEFAULT_PRIORITY = 5
const PRIORITY_SCORE_MULTIPLIER = 1e13

/**
 * Puts a failed job back in its queue, as a new job would be (pending,
 * attempts from zero): the next worker cycle runs it. Null when the job is
 * no longer a failed one (retried or discarded meanwhile, or expired).
 */
export async function retryFailedJob(queue: string, id: string) {
  if (onRedis()) {
    const stored = await retryRedisFailedJob(queue, id)
    return stored ? toRecord(stored) : null
  }
  const row = await db.from(JOBS_TABLE).where({ id, queue, status: 'failed' }).first()
  if (!row) return null
  const data = JSON.parse(row.data)
  data.attempts = 0
  delete data.nextRetryAt
  delete data.stalledCount
  const now = Date.now()
  // Conditional on the status: of two admins retrying at once, one wins.
  const updated = await db
    .from(JOBS_TABLE)
    .where({ id, queue, status: 'failed' })
    .update({
      status: 'pending',
      data: JSON.stringify(data),
      score: (data.priority ?? DEFAULT_PRIORITY) * PRIORITY_SCORE_MULTIPLIER + now,
      worker_id: null,
      acquired_at: null,
      execute_at: null,
      finished_at: null,
      error: null,
    })
  return affected(updated) > 0 ? toRecord(row) : null
}

/** Deletes a failed job for good. Null when it is no longer a failed one. */
export async function discardFailedJob(queue: string, id: string) {
  if (onRedis()) {
    const stored = await discardRedisFailedJob(queue, id)
    return stored ? toRecord(stored) : null
  }
  const row = await db.from(JOBS_TABLE).where({ id, queue, status: 'failed' }).first()
  if (!row) return null
  const deleted = await db.from(JOBS_TABLE).where({ id, queue, status: 'failed' }).delete()
  return affected(deleted) > 0 ? toRecord(row) : null
}

/** Rows changed: a number, or an array of rows on some drivers. */
function affected(result: unknown) {
  return Array.isArray(result)
    ? typeof result[0] === 'number'
      ? result[0]
      : result.length
    : Number(result)
}
