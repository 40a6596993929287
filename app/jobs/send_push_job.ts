import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { sendPush, type PushPayload } from '#services/web_push'
import { dbNow } from '#services/db/db_time'

export interface SendPushPayload extends PushPayload {
  subscriptionId: number
}

/**
 * Sends one Web Push to one subscribed device (app/actions/notifications/
 * push.ts queues it). A push service that is down or busy (network error,
 * 429, 5xx) is tried again with exponential back-off; 404/410 (the browser
 * dropped the subscription) removes it; a subscription removed meanwhile
 * is skipped.
 */
export default class SendPushJob extends Job<SendPushPayload> {
  static options: JobOptions = {
    name: 'SendPushJob',
    queue: 'default',
    // 10 s doubling to 10 min: a notification older than an hour is stale.
    retry: {
      maxRetries: 6,
      backoff: exponentialBackoff({ baseDelay: '10s', maxDelay: '10m', jitter: true }),
    },
  }

  async execute() {
    const { subscriptionId, title, url } = this.payload
    const subscription = await db
      .from('push_subscriptions')
      .where('id', subscriptionId)
      .select('id', 'endpoint', 'p256dh', 'auth')
      .first()
    if (!subscription) return
    const outcome = await sendPush(subscription, { title, url })
    if (outcome === 'gone') {
      await db.from('push_subscriptions').where('id', subscriptionId).delete()
    } else if (outcome === 'sent') {
      await db
        .from('push_subscriptions')
        .where('id', subscriptionId)
        .update({ last_pushed_at: dbNow() })
    } else {
      logger.warn({ subscriptionId }, 'the push service refused a push for good')
    }
  }
}
