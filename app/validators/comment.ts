import vine from '@vinejs/vine'

export const COMMENT_MAX_LENGTH = 2000

/** A comment's text (PRODUCT §5): required, at most 2000 characters. */
export const createCommentValidator = vine.create(
  vine.object({
    body: vine.string().trim().minLength(1).maxLength(COMMENT_MAX_LENGTH),
  })
)

/**
 * Like / unlike: `liked` sets the state (idempotent); without it the
 * request toggles the current state.
 */
export const likeValidator = vine.create(
  vine.object({
    liked: vine.boolean().optional(),
  })
)
