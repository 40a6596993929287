import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import { dbNow, rawRows } from '#services/db/db_time'
import { directRows } from '#services/db/sqlite_direct_reads'
import { generateWebhookSecret } from '#services/webhooks/signature'
import DeliverWebhookJob from '#jobs/deliver_webhook_job'

/**
 * Outgoing webhooks (issue 14): admin-configured endpoints, each receiving
 * the events it chose, every delivery signed, queued (DeliverWebhookJob:
 * retries with back-off) and logged (webhook_deliveries).
 */
export const WEBHOOK_EVENTS = [
  'post.created',
  'comment.created',
  'member.joined',
  'report.filed',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.created': 'A post is published (team or public; never one waiting for moderation)',
  'comment.created': 'A comment is written on a published post',
  'member.joined': 'A new team member can sign in',
  'report.filed': 'Someone reports a post or a person',
}

/** Endpoints one team may have. */
export const MAX_WEBHOOK_ENDPOINTS = 20
/** Deliveries shown per endpoint on the page. */
export const DELIVERY_LOG_SIZE = 20

export interface WebhookEndpointRow {
  id: number
  url: string
  description: string
  events: WebhookEvent[]
  isActive: boolean
  createdAt: Date | string
  updatedAt: Date | string
}

function parseEvents(raw: unknown): WebhookEvent[] {
  try {
    const list = JSON.parse(String(raw))
    return Array.isArray(list) ? WEBHOOK_EVENTS.filter((event) => list.includes(event)) : []
  } catch {
    return []
  }
}

function toRow(row: Record<string, any>): WebhookEndpointRow {
  return {
    id: Number(row.id),
    url: String(row.url),
    description: String(row.description ?? ''),
    events: parseEvents(row.events),
    isActive: Boolean(row.is_active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export async function listEndpoints() {
  const rows = await db.from('webhook_endpoints').orderBy('id', 'asc')
  return rows.map(toRow)
}

export async function findEndpoint(id: number) {
  const row = await db.from('webhook_endpoints').where('id', id).first()
  return row ? toRow(row) : null
}

export async function countEndpoints() {
  const row = await db.from('webhook_endpoints').count('* as total').first()
  return Number(row?.total ?? 0)
}

/** The endpoint's signing secret (stored encrypted with APP_KEY). */
export async function endpointSecret(id: number) {
  const row = await db.from('webhook_endpoints').where('id', id).select('secret_encrypted').first()
  if (!row) return null
  return encryption.decrypt<string>(row.secret_encrypted)
}

export interface EndpointInput {
  url: string
  description: string
  events: WebhookEvent[]
  isActive: boolean
}

/** Creates an endpoint; returns its id and its secret (shown to the admin this once). */
export async function createEndpoint(input: EndpointInput, createdBy: number) {
  const secret = generateWebhookSecret()
  const now = dbNow()
  const [inserted] = await db
    .table('webhook_endpoints')
    .insert({
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      is_active: input.isActive,
      secret_encrypted: encryption.encrypt(secret),
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
  return { id, secret }
}

export async function updateEndpoint(id: number, input: EndpointInput) {
  const changed = await db
    .from('webhook_endpoints')
    .where('id', id)
    .update({
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      is_active: input.isActive,
      updated_at: dbNow(),
    })
  return Number(Array.isArray(changed) ? changed[0] : changed) > 0
}

/** A new secret for the endpoint (the old one stops verifying at once). */
export async function rotateSecret(id: number) {
  const secret = generateWebhookSecret()
  const changed = await db
    .from('webhook_endpoints')
    .where('id', id)
    .update({ secret_encrypted: encryption.encrypt(secret), updated_at: dbNow() })
  return Number(Array.isArray(changed) ? changed[0] : changed) > 0 ? secret : null
}

export async function deleteEndpoint(id: number) {
  const deleted = await db.from('webhook_endpoints').where('id', id).delete()
  return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
}

/** The last deliveries of each endpoint, newest first. */
export async function recentDeliveries(endpointIds: number[]) {
  const byEndpoint = new Map<number, Record<string, any>[]>()
  for (const id of endpointIds) {
    const rows = await db
      .from('webhook_deliveries')
      .where('endpoint_id', id)
      .orderBy('id', 'desc')
      .limit(DELIVERY_LOG_SIZE)
      .select(
        'id',
        'event',
        'status',
        'attempts',
        'response_code',
        'duration_ms',
        'error',
        'created_at',
        'updated_at'
      )
    byEndpoint.set(id, rows)
  }
  return byEndpoint
}

/** The JSON body of a delivery: what happened, when, and the event's data. */
function bodyOf(deliveryId: number, event: string, data: Record<string, unknown>) {
  return JSON.stringify({
    id: String(deliveryId),
    event,
    createdAt: new Date().toISOString(),
    data,
  })
}

async function queueDelivery(
  endpointId: number,
  event: string,
  subject: string,
  data: Record<string, unknown>
) {
  const now = dbNow()
  const [inserted] = await db
    .table('webhook_deliveries')
    .insert({
      endpoint_id: endpointId,
      event,
      subject,
      payload: '{}',
      status: 'pending',
      attempts: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
  await db
    .from('webhook_deliveries')
    .where('id', id)
    .update({ payload: bodyOf(id, event, data) })
  await DeliverWebhookJob.dispatch({ deliveryId: id })
  return id
}

export type WebhookPayload = Record<string, unknown>

const ACTIVE_ENDPOINTS_SQL = 'SELECT * FROM webhook_endpoints WHERE is_active = ?'

/** The active endpoints that chose `event`. */
async function endpointsFor(event: WebhookEvent) {
  // Asked on every post and comment, and usually none: straight on SQLite's free connection.
  const rows =
    directRows(db.primaryConnectionName, ACTIVE_ENDPOINTS_SQL, [true]) ??
    rawRows(await db.rawQuery(ACTIVE_ENDPOINTS_SQL, [true]))
  return rows.map(toRow).filter((endpoint) => endpoint.events.includes(event))
}

/**
 * Sends `event` to every active endpoint that chose it: one logged delivery
 * and one job each. `subject` names what it is about ("post:12"). The
 * payload is built (`data`, which may find nothing to send: `null`) only
 * when some endpoint wants the event. Never throws into the code that
 * raised the event.
 */
export async function emitWebhook(
  event: WebhookEvent,
  subject: string,
  data: () => Promise<WebhookPayload | null>
) {
  try {
    const endpoints = await endpointsFor(event)
    if (endpoints.length === 0) return
    const payload = await data()
    if (!payload) return
    for (const endpoint of endpoints) {
      await queueDelivery(endpoint.id, event, subject, payload)
    }
  } catch (error) {
    logger.error({ err: error, event }, 'could not queue a webhook')
  }
}

/** Whether `event` about `subject` was ever queued (member.joined goes out once). */
export async function alreadySent(event: WebhookEvent, subject: string) {
  const row = await db
    .from('webhook_deliveries')
    .where('event', event)
    .where('subject', subject)
    .select('id')
    .first()
  return !!row
}

/** "Send test": a `ping` delivery to one endpoint, active or not; returns its id. */
export async function sendTest(endpointId: number) {
  return queueDelivery(endpointId, 'ping', 'test', {
    message:
      'A test delivery from Huddle: your endpoint is reachable and the signature checks out.',
  })
}
