import logger from '@adonisjs/core/services/logger'
import { broadcast } from '#services/broadcast'
import {
  forgetModerationCounts,
  moderationCounts,
  rememberModerationCounts,
} from '#queries/admin/moderation_counts'
import { MODERATION_CHANNEL } from '#services/realtime/channels'

/**
 * The admins' live moderation counts (issue 19 §2 "the queue count is
 * live"): after any change to a queue, the new sizes go out on the admins'
 * channel (authorised for admins in start/channels.ts). Browsers on the
 * queue pages and the admin menu update their badges from it.
 */
export const MODERATION_EVENT = 'ModerationCountsChanged'

let running: Promise<void> | null = null
let again = false

/**
 * Pushes the current counts. Changes arriving while a push is being
 * computed (a bulk approval emits one event per post) coalesce into one
 * more push, so the last one sent always reflects the last change.
 * Never throws into the emitting request.
 */
export function publishModerationCounts(): Promise<void> {
  forgetModerationCounts()
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      // The menu badges' cache (shared prop) follows the same counts.
      const since = forgetModerationCounts()
      try {
        const counts = await moderationCounts()
        rememberModerationCounts(counts, since)
        await broadcast(MODERATION_CHANNEL, MODERATION_EVENT, counts)
      } catch (error) {
        logger.error({ err: error }, 'could not push the moderation counts')
      }
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}
