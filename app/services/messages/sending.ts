import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { refuse } from '#exceptions/refuse'
import { MESSAGES_PER_MINUTE } from '#services/messages/messaging_rules'
import { cleanMessageBody } from '#services/messages/message_body'
import { MESSAGE_MAX_LENGTH } from '#validators/message'

/**
 * The flood guard of sending a message, on the web and through the API:
 * one budget per sender (MESSAGES_PER_MINUTE), a 429 with a sentence.
 */
export async function consumeSendBudget(senderId: number) {
  try {
    await limiter
      .use({ requests: MESSAGES_PER_MINUTE, duration: '1 min' })
      .consume(`messages-send:${senderId}`)
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      error.setMessage('You are sending messages too quickly. Wait a moment and try again.')
    }
    throw error
  }
}

/**
 * The body a message is sent with (cleaned: app/services/messages/message_body.ts),
 * refused on `body` when it is too long once cleaned, or when there is
 * neither text nor a file.
 */
export function messageBodyToSend(raw: string | null | undefined, fileCount: number) {
  const body = cleanMessageBody(raw)
  if (body.length > MESSAGE_MAX_LENGTH) {
    throw refuse(
      'body',
      `A message can be at most ${MESSAGE_MAX_LENGTH} characters; this one has ${body.length}.`,
      'maxLength'
    )
  }
  if (!body && fileCount === 0)
    throw refuse('body', 'Write a message or attach a file.', 'required')
  return body
}
