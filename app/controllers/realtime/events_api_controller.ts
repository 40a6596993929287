import type { HttpContext } from '@adonisjs/core/http'
import config from '#config/realtime'
import { realtime } from '#services/realtime/main'
import { verifyHttpRequest } from '#services/realtime/signatures'
import { validSocketId } from '#services/realtime/transports'

const CHANNEL = /^(#server-to-user-)?[A-Za-z0-9_\-=@,.;]{1,200}$/
const MAX_CHANNELS = 100
const MAX_BATCH = 10

interface EventInput {
  name?: unknown
  data?: unknown
  channel?: unknown
  channels?: unknown
  socket_id?: unknown
}

type Checked = { ok: true; channels: string[]; name: string; data: string; except: string | null }

/**
 * The Pusher HTTP API of the embedded server (signed with the app secret),
 * so the official `pusher` server SDK, Laravel or any other backend can
 * publish to it: events, batch events, and channel / presence queries.
 * Unsigned, wrongly signed or stale requests get 401; unknown apps 404.
 */
export default class EventsApiController {
  async events(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const checked = this.#check(ctx.request.body() as EventInput)
    if (!checked.ok) return ctx.response.badRequest(checked.message)
    hub.publish(checked.channels, checked.name, checked.data, checked.except)
    return {}
  }

  async batch(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const batch = ctx.request.input('batch')
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH)
      return ctx.response.badRequest(`batch must hold 1 to ${MAX_BATCH} events`)
    const events: Checked[] = []
    for (const entry of batch) {
      const checked = this.#check(entry ?? {})
      if (!checked.ok) return ctx.response.badRequest(checked.message)
      events.push(checked)
    }
    for (const event of events) hub.publish(event.channels, event.name, event.data, event.except)
    return { batch: events.map(() => ({})) }
  }

  /** Occupied channels on this node, optionally by prefix. */
  async channels(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const prefix = ctx.request.qs().filter_by_prefix
    const withCount = String(ctx.request.qs().info ?? '').includes('subscription_count')
    const channels: Record<string, { subscription_count?: number }> = {}
    for (const [name, count] of hub.localChannels()) {
      if (typeof prefix === 'string' && !name.startsWith(prefix)) continue
      channels[name] = withCount ? { subscription_count: count } : {}
    }
    return { channels }
  }

  async channel(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const name = ctx.params.channel
    const count = hub.localChannels().get(name) ?? 0
    const info = String(ctx.request.qs().info ?? '')
    const result: Record<string, unknown> = { occupied: count > 0 }
    if (info.includes('subscription_count')) result.subscription_count = count
    if (info.includes('user_count') && name.startsWith('presence-')) {
      const members = await hub.presence.members(name)
      result.user_count = members.size
    }
    return result
  }

  async users(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const name = ctx.params.channel
    if (typeof name !== 'string' || !name.startsWith('presence-'))
      return ctx.response.badRequest('Only presence channels have users')
    const members = await hub.presence.members(name)
    return { users: [...members.keys()].map((id) => ({ id })) }
  }

  /** Closes every connection signed in as the user, on every node. */
  async terminate(ctx: HttpContext) {
    const hub = this.#authenticate(ctx)
    if (!hub) return
    const userId = ctx.params.userId
    if (typeof userId !== 'string' || !/^[A-Za-z0-9_\-=@,.;]{1,200}$/.test(userId))
      return ctx.response.badRequest('Invalid user id')
    hub.terminateUserEverywhere(userId)
    return {}
  }

  #authenticate({ request, response, params }: HttpContext) {
    const hub = realtime.hub
    if (!hub || params.appId !== config.appId) {
      response.notFound('Unknown app')
      return null
    }
    const verdict = verifyHttpRequest({
      key: config.key,
      secret: config.secret,
      method: request.method(),
      path: request.url(),
      query: request.qs(),
      rawBody: request.method() === 'GET' ? null : (request.raw() ?? ''),
      ttlSeconds: config.signatureTtl,
    })
    if (!verdict.ok) {
      response.status(verdict.status).send(verdict.message)
      return null
    }
    return hub
  }

  #check(input: EventInput): Checked | { ok: false; message: string } {
    const channels =
      typeof input.channel === 'string'
        ? [input.channel]
        : Array.isArray(input.channels)
          ? input.channels
          : []
    if (channels.length === 0 || channels.length > MAX_CHANNELS)
      return { ok: false, message: `An event needs 1 to ${MAX_CHANNELS} channels` }
    if (!channels.every((name) => typeof name === 'string' && CHANNEL.test(name)))
      return { ok: false, message: 'Invalid channel name' }
    if (typeof input.name !== 'string' || input.name.length === 0 || input.name.length > 200)
      return { ok: false, message: 'An event needs a name of at most 200 characters' }
    const data = typeof input.data === 'string' ? input.data : JSON.stringify(input.data ?? null)
    if (Buffer.byteLength(data) > config.maxMessageSize)
      return { ok: false, message: `Event data is limited to ${config.maxMessageSize} bytes` }
    return {
      ok: true,
      channels,
      name: input.name,
      data,
      except: validSocketId(typeof input.socket_id === 'string' ? input.socket_id : null),
    }
  }
}
