import Pusher from 'pusher'
import type { BroadcastOptions, BroadcastTransport } from '#services/broadcast'
import type { RealtimeConfig } from '#config/realtime'
import type { RealtimeHub } from './hub.js'

/**
 * Broadcast transports (app/services/broadcast.ts): the embedded server
 * (default) or an external Pusher-protocol engine over its signed HTTP API.
 * The payload is serialised once per broadcast.
 */
export class EmbeddedTransport implements BroadcastTransport {
  constructor(private hub: RealtimeHub) {}

  async publish(channels: string[], event: string, data: unknown, options: BroadcastOptions) {
    this.hub.publish(
      channels,
      event,
      JSON.stringify(data ?? null),
      validSocketId(options.exceptSocketId)
    )
  }
}

/** A socket id as Pusher forms them ("123.456"); anything else excludes nobody. */
export function validSocketId(value: string | null | undefined) {
  return typeof value === 'string' && /^\d{1,20}\.\d{1,20}$/.test(value) ? value : null
}

/** Pusher's HTTP API takes up to 100 channels per event. */
const MAX_CHANNELS = 100

export class PusherTransport implements BroadcastTransport {
  #client: Pusher

  constructor(
    config: RealtimeConfig,
    private log: { error(obj: unknown, message?: string): void }
  ) {
    const useTLS = config.scheme === 'https'
    this.#client = new Pusher({
      appId: config.appId,
      key: config.key,
      secret: config.secret,
      host: config.host ?? '127.0.0.1',
      port: String(config.port ?? (useTLS ? 443 : 80)),
      useTLS,
      timeout: 5000,
    })
  }

  async publish(channels: string[], event: string, data: unknown, options: BroadcastOptions) {
    const except = validSocketId(options.exceptSocketId)
    const params = except ? { socket_id: except } : undefined
    for (let i = 0; i < channels.length; i += MAX_CHANNELS) {
      try {
        await this.#client.trigger(channels.slice(i, i + MAX_CHANNELS), event, data, params)
      } catch (error) {
        this.log.error({ err: error, event }, 'realtime: publishing to the external engine failed')
      }
    }
  }
}
