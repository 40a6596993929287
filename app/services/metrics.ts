import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Histogram as HistogramType, Counter as CounterType } from 'prom-client'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { QueueManager } from '@adonisjs/queue'
import { KnexAdapter } from '@boringnode/queue/drivers/knex_adapter'
import logger from '@adonisjs/core/services/logger'
import { QUEUES } from '#config/queue'
import { realtime } from '#services/realtime/main'

/**
 * Prometheus metrics of this process (GET /metrics, prom-client), in a
 * registry of its own:
 *
 * - `huddle_http_requests_total` and `huddle_http_request_duration_seconds`,
 *   labelled by route name (the route's name, else its pattern; `static`
 *   for an answer served without a route, `unmatched` for an unknown URL),
 *   method and status class (2xx…5xx): bounded cardinality, never a raw URL;
 * - Node's default metrics (`huddle_nodejs_eventloop_lag_*`, heap, GC…);
 * - `huddle_realtime_connections` / `huddle_realtime_channels`: the sockets
 *   and subscribed channels of the embedded realtime server on this node;
 * - `huddle_queue_jobs{queue,state}`: the job queue's depth, read from its
 *   store at scrape time (a grouped COUNT on the database driver, ZCARD/HLEN
 *   on Redis) and cached for a few seconds.
 */
export const registry = new Registry()
const PREFIX = 'huddle_'

collectDefaultMetrics({ register: registry, prefix: PREFIX })

const requests = new Counter({
  name: `${PREFIX}http_requests_total`,
  help: 'HTTP requests answered, by route name, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
})

const duration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'Time to answer an HTTP request, by route name, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

new Gauge({
  name: `${PREFIX}realtime_connections`,
  help: 'Open websocket connections on the embedded realtime server of this node',
  registers: [registry],
  collect() {
    this.set(realtime.hub?.connections.size ?? 0)
  },
})

new Gauge({
  name: `${PREFIX}realtime_channels`,
  help: 'Channels with at least one subscriber on this node',
  registers: [registry],
  collect() {
    this.set(realtime.hub?.channels.size ?? 0)
  },
})

export const QUEUE_STATES = ['pending', 'delayed', 'active', 'failed'] as const
const QUEUE_DEPTH_TTL_MS = 5000
let queueDepthCache: { at: number; depth: Map<string, number> } | null = null

new Gauge({
  name: `${PREFIX}queue_jobs`,
  help: 'Jobs in the job queue, by queue and state (read at scrape time, cached 5 s)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    const depth = await cachedQueueDepth()
    for (const [key, count] of depth) {
      const [queue, state] = key.split('\0')
      this.set({ queue, state }, count)
    }
  },
})

async function cachedQueueDepth() {
  const now = Date.now()
  if (queueDepthCache && now - queueDepthCache.at < QUEUE_DEPTH_TTL_MS) {
    return queueDepthCache.depth
  }
  let depth: Map<string, number>
  try {
    depth = await readQueueDepth()
  } catch (error) {
    logger.warn({ err: error }, 'metrics: could not read the job queue depth')
    depth = new Map()
  }
  queueDepthCache = { at: now, depth }
  return depth
}

/** Forgets the cached queue depth (tests). */
export function forgetQueueDepth() {
  queueDepthCache = null
}

/**
 * The store of the queue's default adapter. The Redis adapter's class is not
 * loaded unless Redis is used, so that one is told by its class name. The
 * `sync` driver stores nothing (no depth).
 */
function queueStore(): 'database' | 'redis' | null {
  const adapter = QueueManager.use() as object
  if (adapter instanceof KnexAdapter) return 'database'
  if (adapter.constructor.name === 'RedisAdapter') return 'redis'
  return null
}

async function readQueueDepth() {
  const depth = new Map<string, number>()
  for (const queue of QUEUES) {
    for (const state of QUEUE_STATES) depth.set(`${queue}\0${state}`, 0)
  }
  const store = queueStore()
  if (store === 'database') {
    const rows = await db
      .from('queue_jobs')
      .select('queue', 'status')
      .count('* as count')
      .groupBy('queue', 'status')
    for (const row of rows) {
      if (row.status === 'completed') continue
      depth.set(`${row.queue}\0${row.status}`, Number(row.count))
    }
  } else if (store === 'redis') {
    // The queue shares the app's `main` connection, whose key prefix ioredis adds.
    const pipeline = redis.connection('main').ioConnection.pipeline()
    for (const queue of QUEUES) {
      pipeline.zcard(`jobs::${queue}::pending`)
      pipeline.zcard(`jobs::${queue}::delayed`)
      pipeline.hlen(`jobs::${queue}::active`)
      pipeline.zcard(`jobs::${queue}::failed::index`)
    }
    const results = (await pipeline.exec()) ?? []
    QUEUES.forEach((queue, index) => {
      QUEUE_STATES.forEach((state, offset) => {
        const [error, count] = results[index * QUEUE_STATES.length + offset] ?? []
        if (!error) depth.set(`${queue}\0${state}`, Number(count ?? 0))
      })
    })
  }
  return depth
}

/**
 * The counter and histogram children of one (route, method, status class),
 * made once and kept: recording a request then costs three map look-ups,
 * one increment and one observe, with no label object or key string built.
 */
type Series = {
  count: ReturnType<CounterType['labels']>
  time: ReturnType<HistogramType['labels']>
}
const series = new Map<string, Map<string, Map<string, Series>>>()
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx']
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function seriesOf(route: string, method: string, status: string) {
  let byMethod = series.get(route)
  if (!byMethod) series.set(route, (byMethod = new Map()))
  let byStatus = byMethod.get(method)
  if (!byStatus) byMethod.set(method, (byStatus = new Map()))
  let found = byStatus.get(status)
  if (!found) {
    const labels = { route, method, status }
    found = { count: requests.labels(labels), time: duration.labels(labels) }
    byStatus.set(status, found)
  }
  return found
}

/** Records one answered request; `seconds` is the time it took. */
export function recordRequest(route: string, method: string, statusCode: number, seconds: number) {
  const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? 'other'
  const found = seriesOf(route, KNOWN_METHODS.has(method) ? method : 'OTHER', statusClass)
  found.count.inc()
  found.time.observe(seconds)
}

/** The text exposition of every metric, and its content type. */
export async function exposition() {
  return { contentType: registry.contentType, body: await registry.metrics() }
}
