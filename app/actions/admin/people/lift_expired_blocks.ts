import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { dbNow, dbTime } from '#services/db/db_time'

/**
 * Lifts every block past its end date (the hourly sweep, so an unblocked
 * person's posts reappear before they sign in again). Returns how many.
 */
export default class LiftExpiredBlocks {
  async handle(): Promise<number> {
    const affected: unknown = await db
      .from('users')
      .where('is_active', false)
      .whereNotNull('blocked_until')
      .where('blocked_until', '<=', dbTime(DateTime.now()))
      .update({
        is_active: true,
        blocked_reason: null,
        blocked_at: null,
        blocked_until: null,
        blocked_by_id: null,
        updated_at: dbNow(),
      })
    return Number(Array.isArray(affected) ? affected[0] : affected)
  }
}
