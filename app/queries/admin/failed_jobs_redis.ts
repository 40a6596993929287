import redis from '@adonisjs/redis/services/main'
import { hydrateRedisJob } from '@boringnode/queue/drivers/redis_job_storage'

/**
 * The failed jobs of the queue's `redis` store (config/queue.ts), where
 * @boringnode/queue's redis adapter keeps them. The adapter runs on the
 * app's `main` connection, so every key below is under its key prefix
 * (`huddle:`), which ioredis adds to each key a command names. Per queue:
 *
 * - `jobs::<queue>::data`: id → the job as it was pushed (JSON);
 * - `jobs::<queue>::metadata`: id → what changed since (attempts,
 *   stalledCount, a replaced payload), merged over the data when read;
 * - `jobs::<queue>::failed`: id → { finishedAt, error };
 * - `jobs::<queue>::failed::index`: the failed ids, scored by finishedAt (ms);
 * - `jobs::<queue>::pending`: the ids a worker pops, lowest score first.
 *
 * Rows come back in the shape of the database store's table rows
 * (failed_jobs.ts maps both the same way). Retry and discard are one Lua
 * script each, conditional on the job still being in the failed hash: of
 * two admins at once, one wins.
 */
export interface RedisFailedJobRow {
  id: string
  queue: string
  /** The job with its metadata merged in (JSON). */
  data: string
  error: string | null
  finished_at: number
}

/** The queue's connection (config/queue.ts: `drivers.redis({ connectionName: 'main' })`). */
function connection() {
  return redis.connection('main').ioConnection
}

function keys(queue: string) {
  return {
    data: `jobs::${queue}::data`,
    metadata: `jobs::${queue}::metadata`,
    failed: `jobs::${queue}::failed`,
    failedIndex: `jobs::${queue}::failed::index`,
    pending: `jobs::${queue}::pending`,
  }
}

/**
 * A deduplicated job's `jobs::<queue>::dedup::<dedup id>` key, as a script
 * reaches it: the full name, key prefix included (ioredis prefixes only the
 * keys passed as KEYS).
 */
function dedupPrefix(queue: string) {
  return `${connection().options.keyPrefix ?? ''}jobs::${queue}::dedup::`
}

/** The store's score for a pending job (priority first, then time), as @boringnode/queue computes it. */
const DEFAULT_PRIORITY = 5
const PRIORITY_SCORE_MULTIPLIER = 1e13

/**
 * KEYS: failed, failed::index, data, metadata, pending; ARGV: id, the data
 * as read, the data to write, the pending score. 1 done; 0 not a failed job
 * (any more); -1 its data changed since it was read (read it again).
 */
const RETRY_SCRIPT = `
  local id = ARGV[1]
  if redis.call('HEXISTS', KEYS[1], id) == 0 then return 0 end
  if redis.call('HGET', KEYS[3], id) ~= ARGV[2] then return -1 end
  redis.call('HDEL', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  redis.call('HSET', KEYS[3], id, ARGV[3])
  local metadata = redis.call('HGET', KEYS[4], id)
  if metadata then
    local overlay = cjson.decode(metadata)
    overlay.attempts = nil
    overlay.stalledCount = nil
    overlay.nextRetryAt = nil
    if next(overlay) == nil then
      redis.call('HDEL', KEYS[4], id)
    else
      redis.call('HSET', KEYS[4], id, cjson.encode(overlay))
    end
  end
  redis.call('ZADD', KEYS[5], ARGV[4], id)
  return 1
`

/**
 * KEYS: failed, failed::index, data, metadata; ARGV: id, the dedup key
 * prefix. Removes the job and, when it holds one, its dedup key (as the
 * adapter does when it removes a job). 1 done; 0 not a failed job (any more).
 */
const DISCARD_SCRIPT = `
  local id = ARGV[1]
  if redis.call('HEXISTS', KEYS[1], id) == 0 then return 0 end
  local data = redis.call('HGET', KEYS[3], id)
  if data then
    local ok, job = pcall(cjson.decode, data)
    if ok and type(job) == 'table' and type(job.dedup) == 'table' and job.dedup.id then
      local dedup_key = ARGV[2] .. tostring(job.dedup.id)
      if redis.call('GET', dedup_key) == id then redis.call('DEL', dedup_key) end
    end
  end
  redis.call('HDEL', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
  redis.call('HDEL', KEYS[4], id)
  return 1
`

interface IndexEntry {
  queue: string
  id: string
  at: number
}

/** Newest failure first; on the same millisecond, the greater id first (the cursor's order). */
function newestFirst(a: IndexEntry, b: IndexEntry) {
  if (a.at !== b.at) return b.at - a.at
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

async function run(pipeline: ReturnType<ReturnType<typeof connection>['pipeline']>) {
  const results = (await pipeline.exec()) ?? []
  return results.map(([error, result]) => {
    if (error) throw error
    return result
  })
}

/** [member, score, member, score…] (WITHSCORES) as entries. */
function entries(queue: string, reply: unknown): IndexEntry[] {
  const list = reply as string[]
  const found: IndexEntry[] = []
  for (let i = 0; i + 1 < list.length; i += 2) {
    found.push({ queue, id: list[i], at: Number(list[i + 1]) })
  }
  return found
}

/**
 * Up to `limit` failed jobs of the queues older than the cursor (finishedAt,
 * id), newest first. Per queue, the failures of the cursor's own
 * millisecond (usually a handful) and then `limit` older ones: what sorts
 * first across the queues is among them.
 */
export async function redisFailedJobRows(
  queues: string[],
  cursor: { at: number; id: string } | null,
  limit: number
): Promise<RedisFailedJobRow[]> {
  const pipeline = connection().pipeline()
  for (const queue of queues) {
    const index = keys(queue).failedIndex
    if (cursor) {
      pipeline.zrangebyscore(index, cursor.at, cursor.at, 'WITHSCORES')
      pipeline.zrevrangebyscore(index, `(${cursor.at}`, '-inf', 'WITHSCORES', 'LIMIT', 0, limit)
    } else {
      pipeline.zrevrangebyscore(index, '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, limit)
    }
  }
  const replies = await run(pipeline)
  const perQueue = cursor ? 2 : 1
  const found = queues
    .flatMap((queue, index) =>
      replies
        .slice(index * perQueue, (index + 1) * perQueue)
        .flatMap((reply) => entries(queue, reply))
    )
    .filter((entry) => !cursor || entry.at < cursor.at || entry.id < cursor.id)
    .sort(newestFirst)
    .slice(0, limit)
  if (found.length === 0) return []

  const details = connection().pipeline()
  for (const entry of found) {
    const key = keys(entry.queue)
    details.hget(key.failed, entry.id)
    details.hget(key.data, entry.id)
    details.hget(key.metadata, entry.id)
  }
  const values = (await run(details)) as (string | null)[]
  const rows: RedisFailedJobRow[] = []
  found.forEach((entry, index) => {
    const [failed, data, metadata] = values.slice(index * 3, index * 3 + 3)
    // Retried or discarded between the two reads.
    if (failed === null || data === null) return
    rows.push(toRow(entry.queue, entry.id, failed, data, metadata, entry.at))
  })
  return rows
}

export async function countRedisFailedJobs(queues: string[]) {
  const pipeline = connection().pipeline()
  for (const queue of queues) pipeline.zcard(keys(queue).failedIndex)
  const counts = await run(pipeline)
  return counts.reduce<number>((total, count) => total + Number(count ?? 0), 0)
}

/** The failed job as stored (its data unmerged too), or null when it is not a failed one. */
async function readFailedJob(queue: string, id: string) {
  const key = keys(queue)
  const [failed, data, metadata] = (await run(
    connection().pipeline().hget(key.failed, id).hget(key.data, id).hget(key.metadata, id)
  )) as (string | null)[]
  if (failed === null || data === null) return null
  return { data, row: toRow(queue, id, failed, data, metadata) }
}

/**
 * Puts a failed job back in its queue's pending set, as a new job would be
 * (attempts from zero, metadata kept for its payload only): the next worker
 * cycle runs it. Null when the job is no longer a failed one.
 */
export async function retryRedisFailedJob(queue: string, id: string) {
  // A failed job's data does not change: a second read is for a race only.
  for (let tries = 0; tries < 3; tries++) {
    const found = await readFailedJob(queue, id)
    if (!found) return null
    const job = JSON.parse(found.data)
    job.attempts = 0
    delete job.nextRetryAt
    delete job.stalledCount
    const score = (job.priority ?? DEFAULT_PRIORITY) * PRIORITY_SCORE_MULTIPLIER + Date.now()
    const key = keys(queue)
    const result = await connection().eval(
      RETRY_SCRIPT,
      5,
      key.failed,
      key.failedIndex,
      key.data,
      key.metadata,
      key.pending,
      id,
      found.data,
      JSON.stringify(job),
      String(score)
    )
    if (Number(result) === 1) return found.row
    if (Number(result) === 0) return null
  }
  return null
}

/** Deletes a failed job for good (every key of it). Null when it is no longer a failed one. */
export async function discardRedisFailedJob(queue: string, id: string) {
  const found = await readFailedJob(queue, id)
  if (!found) return null
  const key = keys(queue)
  const result = await connection().eval(
    DISCARD_SCRIPT,
    4,
    key.failed,
    key.failedIndex,
    key.data,
    key.metadata,
    id,
    dedupPrefix(queue)
  )
  return Number(result) === 1 ? found.row : null
}

function toRow(
  queue: string,
  id: string,
  failed: string,
  data: string,
  metadata: string | null,
  /** The failed index's score, which the page's order and cursor use. */
  indexedAt?: number
): RedisFailedJobRow {
  let record: { finishedAt?: number; error?: string } = {}
  try {
    record = JSON.parse(failed)
  } catch {}
  let job: unknown = {}
  try {
    job = hydrateRedisJob(data, metadata)
  } catch {}
  return {
    id,
    queue,
    data: JSON.stringify(job),
    error: record.error ? String(record.error) : null,
    finished_at: indexedAt ?? Number(record.finishedAt ?? 0),
  }
}
