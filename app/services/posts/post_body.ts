import { mentionCandidates, sanitizePostBody, type SanitizedBody } from '#services/html_sanitizer'
import { mentionDirectory, type MentionAuthor } from '#services/mentions'
import { refuse } from '#exceptions/refuse'

/** Longest post text, counted on the plain text after sanitising. */
export const MAX_POST_TEXT = 5000
/** Longest share comment (plain text). */
export const MAX_SHARE_COMMENT = 2000

/**
 * The composer's HTML → stored body: sanitised, links and mentions
 * resolved (only people the author may mention stay mentions).
 */
export async function preparePostBody(author: MentionAuthor, html: string | null | undefined) {
  const raw = html ?? ''
  const directory = await mentionDirectory(author, mentionCandidates(raw))
  const body = sanitizePostBody(raw, directory, { maxText: MAX_POST_TEXT })
  if (body.text.length > MAX_POST_TEXT) {
    throw refuse(
      'body',
      `The post text must not be longer than ${MAX_POST_TEXT} characters (it has ${body.text.length}).`,
      'maxLength'
    )
  }
  return body
}

/** A share's plain-text comment → the same stored shape (paragraphs, links; no mentions). */
export function prepareShareComment(comment: string | null | undefined): SanitizedBody {
  const text = (comment ?? '').replace(/\r\n?/g, '\n').trim()
  if (!text) return { html: '', text: '', mentionIds: [] }
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('')
  return sanitizePostBody(html)
}

function escapeText(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export const EMPTY_POST_MESSAGE = 'Write something or attach at least one file.'
