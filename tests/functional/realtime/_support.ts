import { createRequire } from 'node:module'
import PusherJs from 'pusher-js'
import WebSocket from 'ws'
import type { CookieJar } from '#tests/helpers/cookie_jar'
import { testServerUrl } from '#tests/helpers/cookie_jar'
import { channelAuth } from '#services/realtime/signatures'

/**
 * Real clients for the realtime conformance tests: pusher-js (its Node
 * build), laravel-echo on top of it, and raw `ws` sockets for frames the
 * libraries would never send.
 */
const require = createRequire(import.meta.url)

/** pusher-js's Node build (CommonJS: its default export is the client class at runtime). */
type PusherClass = (typeof import('pusher-js'))['default']
export type Pusher = InstanceType<PusherClass>
export const Pusher = ((PusherJs as any).default ?? PusherJs) as PusherClass

/** laravel-echo's ESM default export may arrive wrapped (STACK.md). */
export async function loadEcho() {
  const mod: any = await import('laravel-echo')
  return (mod.default?.default ?? mod.default ?? mod) as typeof import('laravel-echo').default
}

/** The official server SDK (CommonJS). */
export function loadPusherSdk(): typeof import('pusher') {
  return require('pusher')
}

export interface ServerAddress {
  host: string
  port: number
  key: string
}

export function testServer(key: string): ServerAddress {
  return { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT), key }
}

/**
 * Authorises through POST /broadcasting/auth with the jar's session cookie
 * and XSRF header, as the browser does (pusher-js's Node XHR refuses to set
 * cookies, so the request goes through a custom handler).
 */
export function sessionAuthorizer(jar: CookieJar | null, endpoint = '/broadcasting/auth') {
  return (
    params: { socketId: string; channelName: string },
    callback: (error: Error | null, data: any) => void
  ) => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      'accept': 'application/json',
    }
    if (jar) {
      headers.cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const xsrf = jar.get('XSRF-TOKEN')
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    fetch(testServerUrl(endpoint), {
      method: 'POST',
      headers,
      body: new URLSearchParams({
        socket_id: params.socketId,
        channel_name: params.channelName,
      }).toString(),
    })
      .then(async (response) => {
        if (response.status !== 200) {
          const error = Object.assign(new Error(`auth answered ${response.status}`), {
            status: response.status,
          })
          return callback(error, null)
        }
        callback(null, await response.json())
      })
      .catch((error) => callback(error, null))
  }
}

/** Signs subscriptions with the secret directly (a backend of its own, for spawned nodes). */
export function secretAuthorizer(key: string, secret: string, userId?: number) {
  return (
    params: { socketId: string; channelName: string },
    callback: (error: Error | null, data: any) => void
  ) => {
    if (params.channelName.startsWith('presence-')) {
      const channelData = JSON.stringify({ user_id: userId, user_info: { id: userId } })
      callback(null, {
        auth: channelAuth(key, secret, params.socketId, params.channelName, channelData),
        channel_data: channelData,
      })
    } else {
      callback(null, { auth: channelAuth(key, secret, params.socketId, params.channelName) })
    }
  }
}

export function pusherClient(
  server: ServerAddress,
  authorizer: ReturnType<typeof sessionAuthorizer>,
  userAuthentication?: { customHandler: ReturnType<typeof sessionAuthorizer> }
): Pusher {
  return new Pusher(server.key, {
    ...(userAuthentication ? { userAuthentication: userAuthentication as any } : {}),
    cluster: '',
    wsHost: server.host,
    wsPort: server.port,
    wssPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { customHandler: authorizer } as any,
  })
}

export function connected(client: Pusher, timeout = 10_000) {
  return new Promise<void>((resolve, reject) => {
    if (client.connection.state === 'connected') return resolve()
    const timer = setTimeout(() => reject(new Error('pusher-js did not connect')), timeout)
    client.connection.bind('connected', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/** Resolves with the subscription result: 'ok' or the error's status / type. */
export function subscription(client: Pusher, name: string, timeout = 10_000) {
  return new Promise<{ ok: boolean; data: any }>((resolve) => {
    const channel = client.subscribe(name)
    const timer = setTimeout(() => resolve({ ok: false, data: 'timeout' }), timeout)
    channel.bind('pusher:subscription_succeeded', (data: any) => {
      clearTimeout(timer)
      resolve({ ok: true, data })
    })
    channel.bind('pusher:subscription_error', (data: any) => {
      clearTimeout(timer)
      resolve({ ok: false, data })
    })
  })
}

/** Whether subscribing `name` succeeds. */
export async function joins(client: Pusher, name: string) {
  const result = await subscription(client, name)
  return result.ok
}

export function nextEvent<T = any>(
  client: Pusher,
  channel: string,
  event: string,
  timeout = 10_000
): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscribed = client.channel(channel) ?? client.subscribe(channel)
    const timer = setTimeout(() => {
      subscribed.unbind(event, handler)
      reject(new Error(`no ${event} on ${channel} within ${timeout} ms`))
    }, timeout)
    const handler = (data: T) => {
      clearTimeout(timer)
      subscribed.unbind(event, handler)
      resolve(data)
    }
    subscribed.bind(event, handler)
  })
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** A raw websocket speaking the protocol by hand, recording every frame. */
export class RawSocket {
  ws: WebSocket
  frames: any[] = []
  closed: { code: number; reason: string } | null = null
  socketId: Promise<string>

  constructor(
    server: ServerAddress,
    options: {
      key?: string
      origin?: string
      query?: string
      headers?: Record<string, string>
    } = {}
  ) {
    const query = options.query ?? 'protocol=7&client=raw&version=1'
    this.ws = new WebSocket(
      `ws://${server.host}:${server.port}/app/${options.key ?? server.key}?${query}`,
      {
        ...(options.origin ? { origin: options.origin } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      }
    )
    this.socketId = new Promise((resolve, reject) => {
      this.ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString())
        if (typeof frame.data === 'string') {
          try {
            frame.data = JSON.parse(frame.data)
          } catch {}
        }
        this.frames.push(frame)
        if (frame.event === 'pusher:connection_established') resolve(frame.data.socket_id)
      })
      this.ws.on('close', (code, reason) => {
        this.closed = { code, reason: reason.toString() }
        reject(new Error(`closed ${code}`))
      })
      this.ws.on('error', () => {})
    })
    this.socketId.catch(() => {})
  }

  send(event: string, data: unknown, channel?: string) {
    this.ws.send(JSON.stringify(channel ? { event, data, channel } : { event, data }))
  }

  async waitFor(predicate: (frame: any) => boolean, timeout = 5000) {
    const started = Date.now()
    while (Date.now() - started < timeout) {
      const found = this.frames.find(predicate)
      if (found) return found
      if (this.closed) break
      await sleep(20)
    }
    return null
  }

  async waitClosed(timeout = 5000) {
    const started = Date.now()
    while (!this.closed && Date.now() - started < timeout) await sleep(20)
    return this.closed
  }

  close() {
    this.ws.terminate()
  }
}
