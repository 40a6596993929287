import type { Server as NodeServer } from 'node:http'
import type { ApplicationService } from '@adonisjs/core/types'
import { installBroadcastTransport } from '#services/broadcast'

/**
 * Realtime at boot (issue 4 §1): with BROADCAST_CONNECTION=reverb (default)
 * the Pusher-protocol server answers websocket upgrades on /app/:key of the
 * app's own HTTP server and `broadcast()` publishes to it (through Redis
 * to every app process when REDIS_URL is set); with `pusher`, broadcasts go
 * to the external engine's HTTP API.
 */
export default class RealtimeProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { default: config } = await import('#config/realtime')
    const logger = await this.app.container.make('logger')
    const { realtime } = await import('#services/realtime/main')

    if (config.connection === 'pusher') {
      const { PusherTransport } = await import('#services/realtime/transports')
      installBroadcastTransport(new PusherTransport(config, logger))
      return
    }

    const { RealtimeHub } = await import('#services/realtime/hub')
    const { EmbeddedTransport } = await import('#services/realtime/transports')
    const hub = new RealtimeHub(config, logger)
    realtime.hub = hub
    installBroadcastTransport(new EmbeddedTransport(hub))

    const { default: env } = await import('#start/env')
    if (env.get('REDIS_URL')) {
      const { default: redis } = await import('@adonisjs/redis/services/main')
      const { RedisCluster } = await import('#services/realtime/cluster')
      const connection = redis.connection('realtime')
      const cluster = new RedisCluster(hub, connection, connection, logger)
      await cluster.start()
      realtime.cluster = cluster
    }

    // The node HTTP server exists once the HTTP process (bin/server.ts) or
    // the test utilities created it: attach then.
    const server = await this.app.container.make('server')
    const existing = server.getNodeServer()
    if (existing) hub.attach(existing as NodeServer)
    const setNodeServer = server.setNodeServer.bind(server)
    server.setNodeServer = (nodeServer) => {
      setNodeServer(nodeServer)
      hub.attach(nodeServer as NodeServer)
    }
  }

  async shutdown() {
    const { realtime } = await import('#services/realtime/main')
    await realtime.hub?.close()
    await realtime.cluster?.stop()
    installBroadcastTransport(null)
  }
}
