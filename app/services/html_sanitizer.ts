import sanitizeHtml from 'sanitize-html'

/**
 * Post bodies: the composer's HTML is never trusted (PRODUCT §3,
 * SECURITY.md T4). The server keeps an allow-list of tags and attributes,
 * only http(s) and mailto links (opened in a new tab, without referrer or
 * opener), and mentions as `<span class="mention" data-id>` whose text is
 * rewritten from the database. Bare URLs in the text become links.
 */

const LINK_REL = 'nofollow noopener noreferrer'
const SAFE_HREF = /^(https?:\/\/|mailto:)/i
const MENTION_ID = /^[1-9]\d{0,9}$/

/** Mentionable users found in a body: id → username (without "@"). */
export type MentionDirectory = ReadonlyMap<number, string>

export interface SanitizedBody {
  /** Allow-listed HTML, '' when the text is empty. */
  html: string
  /** Plain text (search, previews, notifications). */
  text: string
  /** Users mentioned, in order of first appearance, valid ones only. */
  mentionIds: number[]
}

const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'span'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    span: ['class', 'data-id'],
  },
  allowedClasses: { span: ['mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Markup deeper than this is flattened to text: a bound on work and output.
  nestingLimit: 20,
}

/** The second pass: the allow-list over auto-linked HTML. */
const LINKED_OPTIONS: sanitizeHtml.IOptions = {
  ...BASE_OPTIONS,
  transformTags: { a: transformLink },
}

/** <b>/<i> (pasted content) read as <strong>/<em>; links get their safe attributes. */
function transformLink(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = (attribs.href ?? '').trim()
  if (!SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} }
  return { tagName: 'a', attribs: { href, rel: LINK_REL, target: '_blank' } }
}

/**
 * Mentions for the ids found in a body: the candidates a first pass
 * collects, before the database says which ones are real.
 */
export function mentionCandidates(html: string): number[] {
  // A mention needs a data-id attribute, and attribute names are never
  // entity-encoded: without that text there is nothing to parse for.
  if (!/data-id/i.test(html)) return []
  const ids: number[] = []
  sanitizeHtml(html, {
    ...BASE_OPTIONS,
    transformTags: {
      span: (tag, attribs) => {
        const id = attribs['data-id']
        if (isMentionSpan(attribs) && id && MENTION_ID.test(id)) ids.push(Number(id))
        return { tagName: tag, attribs }
      },
    },
  })
  return [...new Set(ids)]
}

function isMentionSpan(attribs: sanitizeHtml.Attributes) {
  return (attribs.class ?? '').split(/\s+/).includes('mention')
}

/**
 * The full pipeline: allow-list, links, mentions (`directory` lists the
 * users the author may mention; any other mention becomes plain text),
 * auto-linking, then the allow-list once more over the result.
 *
 * `maxText`: the caller refuses a text longer than this. Auto-linking and
 * the second pass leave the text as the first pass made it, so a body
 * already over the limit stops there, unlinked (`html` is still the
 * allow-list's output, `text` the text the full pipeline would give):
 * 60,000 characters of bare URLs held the event loop ~50 ms in those two
 * steps (1.6 ms without them), only to be refused.
 */
export function sanitizePostBody(
  html: string,
  directory: MentionDirectory = new Map(),
  { maxText = Number.POSITIVE_INFINITY } = {}
) {
  const mentionIds: number[] = []
  const first = sanitizeHtml(html, {
    ...BASE_OPTIONS,
    transformTags: {
      b: 'strong',
      i: 'em',
      a: transformLink,
      span: (_tag, attribs): sanitizeHtml.Tag => {
        const raw = attribs['data-id'] ?? ''
        const id = MENTION_ID.test(raw) ? Number(raw) : null
        const username = id !== null && isMentionSpan(attribs) ? directory.get(id) : undefined
        if (id === null || username === undefined) return { tagName: 'span', attribs: {} }
        if (!mentionIds.includes(id)) mentionIds.push(id)
        return {
          tagName: 'span',
          attribs: { 'class': 'mention', 'data-id': String(id) },
          text: `@${username}`,
        }
      },
    },
  })
  // The allow-list once more, over what unwrapping and auto-linking wrote.
  // When they wrote nothing, `first` is the allow-list's own output and is
  // kept as it is: the string a second pass gives back (compared on 60,000
  // generated bodies), without sanitize-html rebuilding its tables for it.
  // Most posts have no bare URL, and that pass was a fifth of what a new
  // post kept past the young generation (`bench:profile -- S3 --heap`).
  const unwrapped = unwrapBareSpans(first)
  // The text is never longer than the HTML it comes from.
  if (unwrapped.length > maxText) {
    const text = htmlToText(unwrapped).trim()
    if (text.length > maxText) {
      return { html: trimEmptyParagraphs(unwrapped), text, mentionIds } satisfies SanitizedBody
    }
  }
  const rewritten = linkify(unwrapped)
  const linked = rewritten === first ? first : sanitizeHtml(rewritten, LINKED_OPTIONS)
  const body = trimEmptyParagraphs(linked)
  const text = htmlToText(body)
  return {
    html: text.trim() === '' ? '' : body,
    text: text.trim(),
    mentionIds: text.trim() === '' ? [] : mentionIds,
  } satisfies SanitizedBody
}

/** Spans left without attributes (a refused mention, a refused link) are just their text. */
function unwrapBareSpans(html: string) {
  // Innermost first, so nested bare spans unwrap fully.
  let previous: string
  let current = html
  do {
    previous = current
    current = current.replace(/<span>([^<]*(?:<(?!\/?span[\s>])[^<]*)*)<\/span>/g, '$1')
  } while (current !== previous)
  return current
}

/** Leading / trailing empty paragraphs (the editor's blank lines) carry nothing. */
function trimEmptyParagraphs(html: string) {
  return html
    .replace(/^(\s|<p>(\s|<br \/>|&nbsp;)*<\/p>)+/, '')
    .replace(/(\s|<p>(\s|<br \/>|&nbsp;)*<\/p>)+$/, '')
}

/*
 * Auto-linking: works on sanitised HTML, where text is escaped (&amp;,
 * &lt;, &gt;) and tags are well formed, so splitting on tags is exact.
 * Text already inside <a> is left alone.
 */
// A URL ends at an escaped < or > (`&lt;`, `&gt;`): the scan goes on from
// there, so a URL glued after it is linked too, in one pass over the text.
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)(?:(?!&[lg]t;)[^\s<>"'])+/gi
const TRAILING = /[.,;:!?'"]+$/
const ENTITY_START = /&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+)$/i

function linkify(html: string) {
  let insideLink = 0
  return html
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) insideLink += 1
        else if (/^<\/a>/i.test(part)) insideLink = Math.max(0, insideLink - 1)
        return part
      }
      return insideLink ? part : linkifyText(part)
    })
    .join('')
}

function linkifyText(text: string) {
  return text.replace(URL_IN_TEXT, (match) => {
    let cut = match.length - (match.match(TRAILING)?.[0].length ?? 0)
    // The text is escaped: a ';' that ends an entity (`&amp;`) is part of
    // it, not punctuation. Cut there, the text read `&;`.
    if (match[cut] === ';' && ENTITY_START.test(match.slice(0, cut))) cut += 1
    let url = match.slice(0, cut)
    let rest = match.slice(cut)
    // A closing parenthesis belongs to the URL only when it opened one.
    while (url.endsWith(')') && count(url, '(') < count(url, ')')) {
      url = url.slice(0, -1)
      rest = `)${rest}`
    }
    if (url.replace(/^(https?:\/\/|www\.)/i, '').length === 0) return match
    const href = /^www\./i.test(url) ? `http://${url}` : url
    return `<a href="${href}" rel="${LINK_REL}" target="_blank">${url}</a>${rest}`
  })
}

function count(value: string, char: string) {
  return value.split(char).length - 1
}

/**
 * Plain text of sanitised HTML: paragraphs separated by a blank line, line
 * breaks and list items on their own lines. Only &amp;, &lt;, &gt; and &quot; can occur in the
 * sanitiser's output (it decodes every other entity when parsing).
 */
export function htmlToText(html: string) {
  return html
    .replace(/<br \/>/g, '\n')
    .replace(/<\/p>/g, '\n\n')
    .replace(/<\/li>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
}
