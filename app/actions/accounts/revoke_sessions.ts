import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'
import { RememberMeToken } from '@adonisjs/auth/session'
import type { HttpContext } from '@adonisjs/core/http'
import { closeRealtimeSessions } from '#services/realtime/sessions'
import { revokeAllTokens } from '#services/api/personal_tokens'

export interface RevokeSessionsInput {
  userId: number
  /** The session to keep (the device asking), if any. */
  keepSessionId?: string
  /** The remember-me token of that device, if it has one. */
  keepRememberTokenId?: string | number | null
  /**
   * Keep the user's API tokens ("sign out other devices" only). Otherwise
   * they are revoked too: a password change, a rejection, a deletion stop
   * every personal access token at once (issue 14).
   */
  keepAccessTokens?: boolean
}

/**
 * Signs a user out everywhere (or everywhere but the current device):
 * destroys every session tagged with the user id and deletes their
 * remember-me tokens, so no other browser can come back in by itself; the
 * realtime sockets those sessions authorised are closed too, and (unless
 * `keepAccessTokens`) the user's API tokens are revoked.
 * Returns how many sessions were destroyed.
 */
export default class RevokeSessions {
  async handle({
    userId,
    keepSessionId,
    keepRememberTokenId,
    keepAccessTokens = false,
  }: RevokeSessionsInput) {
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
    if (!keepAccessTokens) await revokeAllTokens(userId)
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
