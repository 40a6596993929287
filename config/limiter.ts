import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Memory on a single node; Redis, shared by every node, when REDIS_URL is set.
 */
const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'memory',
  stores: {
    redis: stores.redis({ connectionName: 'main' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
