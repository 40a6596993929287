import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'
import { RememberMeToken } from '@adonisjs/auth/session'
import type { HttpContext } from '@adonisjs/core/http'
import { closeRealtimeSessions } from '#services/realtime/sessions'

export interface RevokeSessionsInput {
  userId: number
  /** The session to keep (the device asking), if any. */
  keepSessionId?: string
  /** The remember-me token of that device, if it has one. */
  keepRememberTokenId?: string | number | null
}

/**
 * Signs a user out everywhere (or everywhere but the current device):
 * destroys every session tagged with the user id and deletes their
 * remember-me tokens, so no other browser can come back in by itself; the
 * realtime sockets those sessions authorised are closed too.
 * Returns how many sessions were destroyed.
 */
export default class RevokeSessions {
  async handle({ userId, keepSessionId, keepRememberTokenId }: RevokeSessionsInput) {
    let destroyed = 0
    const sessions = await app.container.make(SessionCollection)
    if (sessions.supportsTagging()) {
      for (const session of await sessions.tagged(String(userId))) {
        if (session.id === keepSessionId) continue
        await sessions.destroy(session.id)
        destroyed++
      }
    } else {
      logger.warn(
        "the session store cannot list a user's sessions; only remember-me tokens were revoked"
      )
    }

    const tokens = db.from('remember_me_tokens').where('tokenable_id', userId)
    if (
      keepRememberTokenId !== undefined &&
      keepRememberTokenId !== null &&
      /^\d+$/.test(String(keepRememberTokenId))
    ) {
      tokens.whereNot('id', Number(keepRememberTokenId))
    }
    await tokens.delete()
    closeRealtimeSessions(userId, keepSessionId === undefined ? {} : { except: keepSessionId })
    return destroyed
  }

  /** How many other sessions the user has, or null when the store cannot tell. */
  static async countOthers(userId: number, currentSessionId: string) {
    const sessions = await app.container.make(SessionCollection)
    if (!sessions.supportsTagging()) return null
    const all = await sessions.tagged(String(userId))
    return all.filter((s) => s.id !== currentSessionId).length
  }

  /** The id of the remember-me token the current browser signed in with, if any. */
  static currentRememberTokenId(ctx: HttpContext) {
    const cookie = ctx.request.encryptedCookie(ctx.auth.use('web').rememberMeKeyName)
    return RememberMeToken.decode(cookie)?.identifier ?? null
  }
}
