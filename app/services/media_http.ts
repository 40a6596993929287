/**
 * HTTP details of serving stored media (RFC 9110): byte ranges for video
 * seeking, conditional requests, and a Content-Disposition that cannot be
 * used to inject headers or pick a dangerous name.
 */

export type RangeResult =
  { type: 'none' } | { type: 'range'; start: number; end: number } | { type: 'unsatisfiable' }

/**
 * One `bytes=` range against a file of `size` bytes. Several ranges, other
 * units or bad syntax are ignored (answered with the whole file, which RFC
 * 9110 allows); a syntactically valid range that starts past the end is
 * unsatisfiable (416).
 */
export function parseRange(header: string | undefined | null, size: number): RangeResult {
  if (!header) return { type: 'none' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return { type: 'none' }
  const [, first, last] = match
  if (first === '' && last === '') return { type: 'none' }
  if (first.length > 15 || last.length > 15) return { type: 'unsatisfiable' }

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { type: 'unsatisfiable' }
    return { type: 'range', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { type: 'none' }
  if (start >= size) return { type: 'unsatisfiable' }
  return { type: 'range', start, end }
}

function stripWeak(tag: string) {
  return tag.trim().replace(/^W\//, '')
}

/** If-None-Match (weak comparison) or, without it, If-Modified-Since. */
export function isNotModified(
  headers: { ifNoneMatch?: string | null; ifModifiedSince?: string | null },
  etag: string,
  lastModified: Date
) {
  if (headers.ifNoneMatch) {
    const tags = headers.ifNoneMatch.split(',').map(stripWeak)
    return tags.includes('*') || tags.includes(stripWeak(etag))
  }
  if (headers.ifModifiedSince) {
    const since = Date.parse(headers.ifModifiedSince)
    if (Number.isNaN(since)) return false
    return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000)
  }
  return false
}

/**
 * If-Range: the range applies only if the validator still matches (a
 * strong ETag, or an HTTP date no older than the file).
 */
export function rangeStillValid(
  ifRange: string | null | undefined,
  etag: string,
  lastModified: Date
) {
  if (!ifRange) return true
  const value = ifRange.trim()
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && !etag.startsWith('W/') && value === etag
  }
  const date = Date.parse(value)
  return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(date / 1000)
}

/**
 * `inline` or `attachment` with the file's name: an ASCII fallback
 * (quotes, backslashes and controls replaced) plus the exact UTF-8 name in
 * `filename*` (RFC 6266 / 8187).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\%;]/g, '_')
    .trim()
  // A name with nothing ASCII before its extension ("写真.jpg") reads "file.jpg".
  const fallback =
    ascii.startsWith('.') || ascii === '' ? `file${ascii.replace(/^\.+/, '.')}` : ascii
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** The name of a variant: the original's base name with the variant's extension. */
export function variantFileName(originalName: string, ext: string | null) {
  if (!ext) return originalName
  const dot = originalName.lastIndexOf('.')
  const base = dot > 0 ? originalName.slice(0, dot) : originalName
  return `${base}.${ext}`
}

/** The extensions a name may keep for each type the media pipeline stores. */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov', 'qt'],
  'application/pdf': ['pdf'],
}

/**
 * The name a file is offered under: the uploader's name when its extension
 * matches the type sniffed from the content, else that name with the right
 * extension added (`invoice.html` holding a PDF → `invoice.html.pdf`), so a
 * downloaded file never opens as something else (issue 16 item 6).
 */
export function fileNameForType(fileName: string, mime: string) {
  const allowed = EXTENSIONS[mime]
  if (!allowed) return fileName
  const dot = fileName.lastIndexOf('.')
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : ''
  return allowed.includes(ext) ? fileName : `${fileName}.${allowed[0]}`
}
