import vine from '@vinejs/vine'

export const COMMENT_MAX_LENGTH = 2000

/** Images a comment may carry (PRODUCT §5). */
export const MAX_IMAGES_PER_COMMENT = 4

/**
 * A comment's text (PRODUCT §5): at most 2000 characters; it may be empty
 * when the comment has images (the controller checks that one of the two
 * is there; the images go through the media pipeline, not the validator).
 */
export const createCommentValidator = vine.create(
  vine.object({
    body: vine.string().trim().maxLength(COMMENT_MAX_LENGTH).optional(),
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
