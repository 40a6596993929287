import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import env from '#start/env'
import { dbNow } from '#services/db/db_time'
import { postWebhook } from '#services/webhooks/send'

export interface DeliverWebhookPayload {
  deliveryId: number
}

/** Attempts of one delivery: the first and WEBHOOK_MAX_RETRIES more. */
export const WEBHOOK_MAX_RETRIES = 5

/** An answer worth trying again: none at all, a timeout, 408, 429 or any 5xx. */
function retryable(status: number | null) {
  return status === null || status === 408 || status === 429 || status >= 500
}

class WebhookRetry extends Error {}

/**
 * Sends one logged webhook delivery (app/services/webhooks/endpoints.ts
 * queues it) and records each attempt: status, response code, duration,
 * error. A 2xx is delivered; no answer, 408, 429 or 5xx is thrown for the
 * queue to retry with exponential back-off (WEBHOOK_RETRY_DELAY, 30 s by
 * default, doubling up to an hour, 6 attempts); any other status fails for
 * good. An endpoint disabled or deleted meanwhile gets nothing.
 */
export default class DeliverWebhookJob extends Job<DeliverWebhookPayload> {
  static options: JobOptions = {
    name: 'DeliverWebhookJob',
    queue: 'default',
    retry: {
      maxRetries: WEBHOOK_MAX_RETRIES,
      backoff: exponentialBackoff({
        baseDelay: (env.get('WEBHOOK_RETRY_DELAY') ?? '30s') as '30s',
        maxDelay: '1h',
        jitter: !env.get('WEBHOOK_RETRY_DELAY'),
      }),
    },
  }

  async execute() {
    const delivery = await db
      .from('webhook_deliveries as d')
      .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .where('d.id', this.payload.deliveryId)
      .select(
        'd.id',
        'd.event',
        'd.payload',
        'd.attempts',
        'd.status',
        'e.url',
        'e.secret_encrypted',
        'e.is_active'
      )
      .first()
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return
    if (!delivery.is_active) {
      await this.record({ status: 'failed', error: 'The endpoint is disabled.' })
      return
    }
    const secret = encryption.decrypt<string>(delivery.secret_encrypted)
    if (!secret) {
      await this.record({
        status: 'failed',
        error: 'The secret cannot be read (APP_KEY changed?).',
      })
      return
    }
    const attempts = Number(delivery.attempts) + 1
    const result = await postWebhook({
      url: delivery.url,
      secret,
      event: delivery.event,
      deliveryId: Number(delivery.id),
      body: delivery.payload,
    })
    const ok = result.status !== null && result.status >= 200 && result.status < 300
    const again = !ok && retryable(result.status) && attempts <= WEBHOOK_MAX_RETRIES
    await this.record({
      status: ok ? 'delivered' : again ? 'retrying' : 'failed',
      attempts,
      responseCode: result.status,
      durationMs: result.durationMs,
      error: ok ? null : (result.error ?? `HTTP ${result.status}`),
    })
    if (again)
      throw new WebhookRetry(`webhook delivery ${delivery.id}: ${result.error ?? result.status}`)
  }

  private async record(values: {
    status: string
    attempts?: number
    responseCode?: number | null
    durationMs?: number
    error?: string | null
  }) {
    await db
      .from('webhook_deliveries')
      .where('id', this.payload.deliveryId)
      .update({
        status: values.status,
        ...(values.attempts === undefined ? {} : { attempts: values.attempts }),
        ...(values.responseCode === undefined ? {} : { response_code: values.responseCode }),
        ...(values.durationMs === undefined ? {} : { duration_ms: values.durationMs }),
        error:
          values.error === null || values.error === undefined ? null : values.error.slice(0, 500),
        updated_at: dbNow(),
      })
  }
}
