import type { ApplicationService } from '@adonisjs/core/types'
import type { QueueManagerConfig } from '@adonisjs/queue/types'

/**
 * The job queue's configuration with its adapters resolved, as a Worker or
 * QueueManager.init() takes it (the same steps as the package's
 * `queue:work` command), optionally on another driver than the default.
 */
export async function resolvedQueueConfig(
  app: ApplicationService,
  driver?: string
): Promise<QueueManagerConfig> {
  const config = app.config.get<QueueManagerConfig & { adapters: Record<string, any> }>('queue')
  const adapters: Record<string, any> = {}
  for (const [name, adapter] of Object.entries(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  return {
    ...config,
    default: driver ?? config.default,
    autoLoadJobs: false,
    adapters,
    jobFactory: (jobClass) => app.container.make(jobClass),
    logger: await app.container.make('logger'),
  }
}
