import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'

/**
 * Signs a user out everywhere: destroys their server-side sessions (tagged
 * with the user id at sign-in), except `keepSessionId` when given, and
 * deletes all their remember-me tokens so no device signs back in silently.
 * Returns how many sessions were destroyed.
 */
export default class RevokeSessions {
  async handle(userId: number, options: { keepSessionId?: string } = {}) {
    let destroyed = 0
    const sessions = await app.container.make(SessionCollection)
    if (sessions.supportsTagging()) {
      for (const session of await sessions.tagged(String(userId))) {
        if (session.id === options.keepSessionId) continue
        await sessions.destroy(session.id)
        destroyed += 1
      }
    }
    await db.from('remember_me_tokens').where('tokenable_id', userId).delete()
    return destroyed
  }
}
