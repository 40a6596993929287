import { BaseTransformer } from '@adonisjs/core/transformers'
import type { WebhookEndpointRow } from '#services/webhooks/endpoints'
import { dbInstant } from '#services/db/db_time'

const iso = (value: unknown) => dbInstant(value)?.toISO() ?? null

/** A row of webhook_deliveries as the page lists it (never the body sent). */
export interface WebhookDeliveryRecord {
  id: number
  event: string
  status: string
  attempts: number
  response_code: number | null
  duration_ms: number | null
  error: string | null
  created_at: unknown
  updated_at: unknown
}

/**
 * An outgoing webhook endpoint (Settings/Webhooks, `Data.Admin.Webhook`):
 * its URL, events, on/off and its last deliveries. Never its secret (shown
 * once, at creation or rotation, from the flash).
 */
export default class WebhookTransformer extends BaseTransformer<{
  endpoint: WebhookEndpointRow
  deliveries: WebhookDeliveryRecord[]
}> {
  toObject() {
    const { endpoint, deliveries } = this.resource
    return {
      id: String(endpoint.id),
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events.map((event) => String(event)),
      isActive: endpoint.isActive,
      createdAt: iso(endpoint.createdAt),
      deliveries: deliveries.map((row) => ({
        id: String(row.id),
        event: String(row.event),
        status: String(row.status),
        attempts: Number(row.attempts),
        responseCode: row.response_code === null ? null : Number(row.response_code),
        durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
        error: row.error === null ? null : String(row.error),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      })),
    }
  }
}
