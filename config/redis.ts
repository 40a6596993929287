import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Redis is optional. When REDIS_URL is set, rate limits are shared between
 * app nodes through it. Connections open lazily, on first use.
 */
const url = new URL(env.get('REDIS_URL') ?? 'redis://127.0.0.1:6379/0')

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: decodeURIComponent(url.password) || undefined,
      db: Number(url.pathname.slice(1) || 0),
      keyPrefix: 'huddle:',
      lazyConnect: true,
      retryStrategy(times) {
        return times > 10 ? null : times * 50
      },
    },
    /**
     * Realtime fan-out and presence between app nodes (app/services/realtime/
     * cluster.ts): keeps reconnecting for as long as the process lives.
     */
    realtime: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: decodeURIComponent(url.password) || undefined,
      db: Number(url.pathname.slice(1) || 0),
      keyPrefix: 'huddle:realtime:',
      lazyConnect: true,
      retryStrategy(times) {
        return Math.min(times * 100, 2000)
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
