import { createHash } from 'node:crypto'
import { realtime } from './main.js'

/**
 * Ties realtime sockets to the browser session that authorised them, so
 * signing a session out (logout, "sign out other devices", password change
 * or reset, account removal) also closes its sockets: a revoked browser keeps
 * no private subscription. Sessions travel hashed (a session id is a bearer
 * secret and may cross Redis). With an external Pusher-protocol engine there
 * is no socket here to close; its sockets fail their next channel auth.
 */
function tag(sessionId: string) {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22)
}

export function bindRealtimeSession(socketId: string, userId: number, sessionId: string) {
  realtime.hub?.bindSessionEverywhere(socketId, String(userId), tag(sessionId))
}

export function closeRealtimeSessions(
  userId: number,
  scope: { only?: string; except?: string } = {}
) {
  realtime.hub?.terminateSessionsEverywhere(String(userId), {
    only: scope.only === undefined ? undefined : tag(scope.only),
    except: scope.except === undefined ? undefined : tag(scope.except),
  })
}
