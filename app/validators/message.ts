import vine from '@vinejs/vine'

export const MESSAGE_MAX_LENGTH = 4000

/**
 * A private message's text: optional when files are attached (the
 * controller checks that one of the two is there), at most 4000
 * characters after cleaning (app/services/messages/message_body.ts).
 */
export const sendMessageValidator = vine.create(
  vine.object({
    body: vine
      .string()
      .maxLength(MESSAGE_MAX_LENGTH * 2)
      .optional(),
  })
)

export const historyValidator = vine.create(
  vine.object({
    before: vine.number().withoutDecimals().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
)

export const markReadValidator = vine.create(
  vine.object({
    upTo: vine.number().withoutDecimals().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
)
