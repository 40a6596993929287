/**
 * Turning what someone typed into safe full-text queries (PRODUCT §8).
 * Input is never passed through as query syntax: it is cut into words
 * (letters, digits and combining marks only; quotes, operators, brackets,
 * `*`, `:`, `-`, NEAR… all become separators), each word is quoted, and
 * the last one is a prefix so results follow as-you-type. No words → no
 * post search at all (never a MATCH error, never a LIKE fallback).
 */
export const MAX_TERMS = 8
export const MAX_TERM_LENGTH = 64
export const MAX_QUERY_LENGTH = 200

export function searchTerms(raw: unknown): string[] {
  if (typeof raw !== 'string') return []
  const words =
    raw
      .slice(0, MAX_QUERY_LENGTH)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  const unique = [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))]
  return unique.slice(0, MAX_TERMS)
}

/**
 * Whether the term at `index` is searched as a prefix: the last one, once
 * it has 2 characters (a one-letter prefix matches a large part of the
 * vocabulary; FTS5 has prefix indexes for 2–4 characters, migration 0046).
 */
function isPrefix(terms: string[], index: number) {
  return index === terms.length - 1 && [...terms[index]].length >= 2
}

/** SQLite FTS5: `"alpha" "beta"*` (implicit AND, last word a prefix). */
export function ftsMatch(terms: string[]): string | null {
  if (terms.length === 0) return null
  return terms
    .map((term, index) => `"${term.replaceAll('"', '""')}"${isPrefix(terms, index) ? '*' : ''}`)
    .join(' ')
}

/** PostgreSQL: `'alpha' & 'beta':*` for to_tsquery('simple', …). */
export function pgTsQuery(terms: string[]): string | null {
  if (terms.length === 0) return null
  return terms
    .map(
      (term, index) =>
        `'${term.replaceAll("'", "''").replaceAll('\\', '')}'${isPrefix(terms, index) ? ':*' : ''}`
    )
    .join(' & ')
}

/**
 * SQLite FTS5 over people's names and usernames (migration 0124): every
 * word a prefix (`"zel"* "quar"*`, implicit AND). Each word is one quoted
 * string, which FTS5 cuts with its own tokenizer: "o'bri" finds O'Brien,
 * and a word with no letters or digits matches nobody.
 */
export function namesMatch(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ')
}

/** A LIKE pattern argument with its wildcards escaped (use with ESCAPE '\'). */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`)
}

export interface SnippetPart {
  text: string
  hit: boolean
}

const SNIPPET_LENGTH = 200

/**
 * A short excerpt of `text` around the first match, cut into parts where
 * `hit` marks the matched words. Plain text parts, never HTML: the page
 * renders them as text nodes and <mark>, so nothing in a post can inject
 * markup through a highlight.
 */
export function snippet(text: string, terms: string[]): SnippetPart[] {
  const source = text.replace(/\s+/g, ' ').trim()
  if (!source) return []
  const pattern = terms.length
    ? new RegExp(
        `(?<![\\p{L}\\p{N}\\p{M}])(?:${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[\\p{L}\\p{N}\\p{M}]*`,
        'giu'
      )
    : null
  const first = pattern ? source.search(pattern) : -1
  let start = first > 60 ? first - 60 : 0
  if (start > 0) {
    const space = source.indexOf(' ', start)
    if (space !== -1 && space < first) start = space + 1
  }
  let end = Math.min(source.length, start + SNIPPET_LENGTH)
  if (end < source.length) {
    const space = source.lastIndexOf(' ', end)
    if (space > start + 40) end = space
  }
  const excerpt = source.slice(start, end)
  const parts: SnippetPart[] = []
  if (start > 0) parts.push({ text: '… ', hit: false })
  let last = 0
  if (pattern) {
    pattern.lastIndex = 0
    for (const match of excerpt.matchAll(pattern)) {
      const at = match.index ?? 0
      if (at > last) parts.push({ text: excerpt.slice(last, at), hit: false })
      parts.push({ text: match[0], hit: true })
      last = at + match[0].length
    }
  }
  if (last < excerpt.length) parts.push({ text: excerpt.slice(last), hit: false })
  if (end < source.length) parts.push({ text: ' …', hit: false })
  return parts
}
