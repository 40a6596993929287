import type { HttpContext } from '@adonisjs/core/http'
import config from '#config/realtime'
import { authorizeChannel } from '#services/realtime/channel_registry'
import { channelAuth, userAuth } from '#services/realtime/signatures'
import { accountBlockReason } from '#services/account_state'
import { bindRealtimeSession } from '#services/realtime/sessions'
import { isBearerRealtimeRequest } from '#middleware/web_only'
import { tokenSessionTag } from '#services/realtime/token_sessions'
import type User from '#models/user'

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/
const CHANNEL = /^(private|presence)-[A-Za-z0-9_\-=@,.;]{1,190}$/

/**
 * Channel and user authentication for the Pusher protocol (Laravel's
 * /broadcasting/auth and /broadcasting/user-auth): the session decides who
 * asks, the rules of start/channels.ts decide what they get, and the answer
 * is the HMAC signature the websocket server checks. The CSRF header is
 * required (shield). Anything refused is a 403.
 *
 * API clients (issue 14) send `Authorization: Bearer <personal access token>`
 * instead: the token's owner asks (scope `read` is enough), through the very
 * same channel rules; no session, no CSRF (isBearerRealtimeRequest). A
 * revoked, expired or unknown token, or a blocked account, is a 403. Their
 * sockets are bound to the token, so revoking it closes them.
 */
export default class BroadcastingController {
  /** Who asks, and the "session" their sockets are bound to; null → 403. */
  private async requester(ctx: HttpContext): Promise<{ user: User; binding: string } | null> {
    if (isBearerRealtimeRequest(ctx)) {
      const guard = ctx.auth.use('api')
      try {
        await guard.authenticate()
      } catch {
        return null
      }
      const user = guard.getUserOrFail()
      const token = user.currentAccessToken
      if (accountBlockReason(user) || user.mustChangePassword || !token.allows('read')) return null
      return { user, binding: tokenSessionTag(token.identifier) }
    }
    const user = ctx.auth.user
    if (!user || accountBlockReason(user)) return null
    return { user, binding: ctx.session.sessionId }
  }

  async auth(ctx: HttpContext) {
    const { request, response } = ctx
    const requester = await this.requester(ctx)
    if (!requester) return response.forbidden({ message: 'Forbidden' })
    const { user, binding } = requester
    const socketId = request.input('socket_id')
    const name = request.input('channel_name')
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))
      return response.forbidden({ message: 'Invalid socket id' })
    if (typeof name !== 'string' || !CHANNEL.test(name))
      return response.forbidden({ message: 'Invalid channel name' })

    const decision = await authorizeChannel(user, name)
    if (!decision.allowed) return response.forbidden({ message: 'Forbidden' })
    bindRealtimeSession(socketId, user.id, binding)
    if (!decision.presence) {
      return { auth: channelAuth(config.key, config.secret, socketId, name) }
    }
    const channelData = JSON.stringify({ user_id: user.id, user_info: decision.member })
    return {
      auth: channelAuth(config.key, config.secret, socketId, name, channelData),
      channel_data: channelData,
    }
  }

  async userAuth(ctx: HttpContext) {
    const { request, response } = ctx
    const requester = await this.requester(ctx)
    if (!requester) return response.forbidden({ message: 'Forbidden' })
    const { user, binding } = requester
    const socketId = request.input('socket_id')
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))
      return response.forbidden({ message: 'Invalid socket id' })
    bindRealtimeSession(socketId, user.id, binding)
    const userData = JSON.stringify({
      id: String(user.id),
      user_info: { name: user.fullName, username: user.username },
    })
    return { auth: userAuth(config.key, config.secret, socketId, userData), user_data: userData }
  }
}
