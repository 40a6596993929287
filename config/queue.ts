import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, drivers, exponentialBackoff } from '@adonisjs/queue'
import { databaseQueueDriver } from '#services/queue_database_adapter'

/**
 * Background jobs (@adonisjs/queue): work that must survive a restart
 * (mail, the purge of deleted accounts) is stored before it runs, retried
 * with back-off when it fails, and kept for a week when it fails for good.
 *
 * - `database` (default): the jobs and schedules tables of the app's own
 *   database: nothing to install (an idle worker reads before it locks:
 *   app/services/queue_database_adapter.ts).
 * - `redis`: the default when REDIS_URL is set (several app nodes).
 * - `sync`: runs each job at once, inside the call that dispatched it (the
 *   default under `npm test`, so tests see a mail as soon as it is sent).
 *
 * Every web process runs a worker (QUEUE_WORKER=false turns it off, e.g. to
 * run `npm run ace -- queue:work` processes instead); a job and a scheduled
 * run are claimed by one worker only, whatever the number of nodes.
 */
export function queueDriver() {
  const configured = env.get('QUEUE_DRIVER')
  if (configured) return configured
  if (app.inTest) return 'sync'
  return env.get('REDIS_URL') ? 'redis' : 'database'
}

export const QUEUES = ['default', 'mail']

const queueConfig = defineConfig({
  default: queueDriver(),

  adapters: {
    database: databaseQueueDriver(),
    redis: drivers.redis({ connectionName: 'main' }),
    sync: drivers.sync(),
  },

  worker: {
    concurrency: 2,
    idleDelay: '1s',
    timeout: '2m',
    // The web process stops the worker itself (providers/queue_worker_provider.ts).
    gracefulShutdown: false,
  },

  defaultJobOptions: {
    // 10 s, 20 s, 40 s… up to an hour between attempts, with jitter.
    retry: {
      maxRetries: 5,
      backoff: exponentialBackoff({ baseDelay: '10s', maxDelay: '1h', jitter: true }),
    },
    removeOnComplete: true,
    removeOnFail: { age: '7d' },
  },

  // An absolute path: `npm start` runs the build (build/app/jobs/*.js) from
  // the project root, where a relative glob would find the TypeScript sources.
  locations: [app.makePath('app/jobs/**/*.{ts,js}')],
})

export default queueConfig
