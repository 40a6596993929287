import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_SHARE_COMMENT } from '#services/posts/post_body'
import { MAX_FILES_PER_POST } from '#services/media_storage'

/*
 * Post forms. The body is the composer's HTML: only its size is checked
 * here; the sanitiser (app/services/html_sanitizer.ts) decides what stays
 * and the text limit applies to the result. Files are checked by the upload
 * pipeline (app/services/media/upload_pipeline.ts), by content.
 */

/** Raw HTML accepted from the composer (markup included); the text limit is 5000. */
const MAX_BODY_HTML = 60_000

const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} is required.',
    'string': 'The {{ field }} must be text.',
    'maxLength': 'The {{ field }} must not be longer than {{ max }} characters.',
    'body.maxLength': 'The text is too long (at most {{ max }} characters).',
    'audience.required': 'Choose who can see the post.',
    'audience.enum': 'Choose who can see the post: your team or everyone.',
    'removeMedia.array': 'The files to remove are not valid.',
    'removeMedia.maxLength': 'The files to remove are not valid.',
    'removeMedia.*.number': 'The files to remove are not valid.',
    'removeMedia.*.min': 'The files to remove are not valid.',
    'removeMedia.*.withoutDecimals': 'The files to remove are not valid.',
  },
  {
    body: 'text',
    audience: 'audience',
    q: 'search',
  }
)

const body = () => vine.string().maxLength(MAX_BODY_HTML).nullable().optional()
const audience = () => vine.enum(['team', 'public'] as const)

export const createPostValidator = vine.create({
  body: body(),
  audience: audience(),
})
createPostValidator.messagesProvider = messages

export const updatePostValidator = vine.create({
  body: body(),
  audience: audience(),
  removeMedia: vine
    .array(vine.number().withoutDecimals().min(1).max(2_147_483_647))
    .maxLength(MAX_FILES_PER_POST)
    .optional(),
})
updatePostValidator.messagesProvider = messages

/** A share's optional comment (plain text), in `body` like a post's text. */
export const sharePostValidator = vine.create({
  body: vine.string().trim().maxLength(MAX_SHARE_COMMENT).nullable().optional(),
})
sharePostValidator.messagesProvider = messages

export const mentionSearchValidator = vine.create({
  q: vine.string().trim().maxLength(60).nullable().optional(),
})
mentionSearchValidator.messagesProvider = messages
