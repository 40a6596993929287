import type { HttpContext } from '@adonisjs/core/http'
import config from '#config/realtime'
import { authorizeChannel } from '#services/realtime/channel_registry'
import { channelAuth, userAuth } from '#services/realtime/signatures'
import { accountBlockReason } from '#services/account_state'
import { bindRealtimeSession } from '#services/realtime/sessions'

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/
const CHANNEL = /^(private|presence)-[A-Za-z0-9_\-=@,.;]{1,190}$/

/**
 * Channel and user authentication for the Pusher protocol (Laravel's
 * /broadcasting/auth and /broadcasting/user-auth): the session decides who
 * asks, the rules of start/channels.ts decide what they get, and the answer
 * is the HMAC signature the websocket server checks. The CSRF header is
 * required (shield). Anything refused is a 403.
 */
export default class BroadcastingController {
  async auth({ auth, request, response, session }: HttpContext) {
    const user = auth.user
    if (!user || accountBlockReason(user)) return response.forbidden({ message: 'Forbidden' })
    const socketId = request.input('socket_id')
    const name = request.input('channel_name')
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))
      return response.forbidden({ message: 'Invalid socket id' })
    if (typeof name !== 'string' || !CHANNEL.test(name))
      return response.forbidden({ message: 'Invalid channel name' })

    const decision = await authorizeChannel(user, name)
    if (!decision.allowed) return response.forbidden({ message: 'Forbidden' })
    bindRealtimeSession(socketId, user.id, session.sessionId)
    if (!decision.presence) {
      return { auth: channelAuth(config.key, config.secret, socketId, name) }
    }
    const channelData = JSON.stringify({ user_id: user.id, user_info: decision.member })
    return {
      auth: channelAuth(config.key, config.secret, socketId, name, channelData),
      channel_data: channelData,
    }
  }

  async userAuth({ auth, request, response, session }: HttpContext) {
    const user = auth.user
    if (!user || accountBlockReason(user)) return response.forbidden({ message: 'Forbidden' })
    const socketId = request.input('socket_id')
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))
      return response.forbidden({ message: 'Invalid socket id' })
    bindRealtimeSession(socketId, user.id, session.sessionId)
    const userData = JSON.stringify({
      id: String(user.id),
      user_info: { name: user.fullName, username: user.username },
    })
    return { auth: userAuth(config.key, config.secret, socketId, userData), user_data: userData }
  }
}
