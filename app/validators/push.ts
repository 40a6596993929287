import vine from '@vinejs/vine'
import { ENDPOINT_MAX_LENGTH } from '#services/web_push'

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it:
 * the push service endpoint (checked further by pushEndpointProblem: https,
 * public hosts only) and its keys, base64url (p256dh: an uncompressed P-256
 * point, 65 bytes; auth: 16 bytes).
 */
export const pushSubscriptionValidator = vine.create(
  vine.object({
    endpoint: vine.string().trim().maxLength(ENDPOINT_MAX_LENGTH).url({ require_tld: false }),
    keys: vine.object({
      p256dh: vine.string().regex(/^B[A-Za-z0-9_-]{86}$/),
      auth: vine.string().regex(/^[A-Za-z0-9_-]{22}$/),
    }),
  })
)

export const pushEndpointValidator = vine.create(
  vine.object({
    endpoint: vine.string().trim().maxLength(ENDPOINT_MAX_LENGTH),
  })
)

export const pushSettingValidator = vine.create(
  vine.object({
    enabled: vine.boolean(),
  })
)
