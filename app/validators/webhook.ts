import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { WEBHOOK_EVENTS } from '#services/webhooks/endpoints'

/** Admin → Webhooks: an endpoint's form (create and edit). */
export const webhookEndpointValidator = vine.create({
  url: vine
    .string()
    .trim()
    .maxLength(2048)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
  description: vine.string().trim().maxLength(120).optional(),
  events: vine
    .array(vine.enum(WEBHOOK_EVENTS))
    .minLength(1)
    .maxLength(WEBHOOK_EVENTS.length)
    .distinct(),
  isActive: vine.boolean().optional(),
})
webhookEndpointValidator.messagesProvider = new SimpleMessagesProvider({
  'url.required': 'Enter the URL Huddle should call (https://…).',
  'url.url': 'Enter a full http:// or https:// URL.',
  'url.maxLength': 'The URL must not be longer than {{ max }} characters.',
  'description.maxLength': 'The description must not be longer than {{ max }} characters.',
  'events.required': 'Choose at least one event.',
  'events.array': 'Choose at least one event.',
  'events.minLength': 'Choose at least one event.',
  'events.maxLength': 'Choose each event once.',
  'events.distinct': 'Choose each event once.',
  'events.*.enum': `An event is one of: ${WEBHOOK_EVENTS.join(', ')}.`,
  'isActive.boolean': 'Choose whether the endpoint is enabled.',
})
