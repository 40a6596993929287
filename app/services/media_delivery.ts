import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import Media from '#models/media'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import MediaPolicy from '#policies/media_policy'
import { mediaFileInfo, mediaFileStream } from '#services/media_storage'
import {
  contentDisposition,
  fileNameForType,
  isNotModified,
  parseRange,
  rangeStillValid,
  variantFileName,
} from '#services/media_http'

export const MEDIA_VARIANTS = ['original', 'display', 'thumb'] as const
type Variant = (typeof MEDIA_VARIANTS)[number]

/**
 * Sandboxed and inert whatever the bytes are: no scripts, no plugins, no
 * same-origin access even if a file were opened as a document (ASVS 3.2.1).
 */
const MEDIA_CSP = [
  'sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "media-src 'self'",
  "style-src 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ')
/** Private: only the viewer's own browser may keep a copy (team content). */
const CACHE_CONTROL = 'private, max-age=3600'

/**
 * Serves a stored file (GET /media/:id/:variant? and the API's
 * /api/v1/media/:id/:variant), only for people who may see the post (or
 * comment) it belongs to; anyone else gets the same 404 as
 * for a file that does not exist. Streams from Drive with ranges (video
 * seeking), ETag / Last-Modified revalidation and a safe disposition.
 */
export async function serveMedia({ params, request, response, auth, bouncer }: HttpContext) {
  auth.getUserOrFail()
  const variant = (params.variant ?? 'original') as Variant
  if (!MEDIA_VARIANTS.includes(variant)) throw new E_NOT_FOUND()

  if (!Number.isSafeInteger(params.id)) throw new E_NOT_FOUND()
  const media = await Media.find(params.id)
  // Who may download it: MediaPolicy (a refusal is the same 404 as no file).
  if (!media || (await bouncer.with(MediaPolicy).denies('download', media))) {
    throw new E_NOT_FOUND()
  }
  const key =
    variant === 'original'
      ? media.fileKey
      : variant === 'display'
        ? media.displayKey
        : media.thumbKey
  if (!key) throw new E_NOT_FOUND()

  let info: Awaited<ReturnType<typeof mediaFileInfo>>
  try {
    info = await mediaFileInfo(key)
  } catch {
    // The row exists but the file is gone (restored backup, manual cleanup).
    throw new E_NOT_FOUND()
  }
  const size = info.contentLength
  const etag =
    info.etag.startsWith('"') || info.etag.startsWith('W/') ? info.etag : `"${info.etag}"`
  const download = request.input('download') === '1'
  const fileName =
    variant === 'original'
      ? fileNameForType(media.originalName, media.mime)
      : variantFileName(media.originalName, 'webp')

  response.header('Content-Type', variant === 'original' ? media.mime : 'image/webp')
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Content-Security-Policy', MEDIA_CSP)
  response.header('Cross-Origin-Resource-Policy', 'same-origin')
  response.header(
    'Content-Disposition',
    contentDisposition(download ? 'attachment' : 'inline', fileName)
  )
  response.header('Cache-Control', CACHE_CONTROL)
  response.header('ETag', etag)
  response.header('Last-Modified', info.lastModified.toUTCString())
  response.header('Accept-Ranges', 'bytes')

  if (
    isNotModified(
      {
        ifNoneMatch: request.header('if-none-match'),
        ifModifiedSince: request.header('if-modified-since'),
      },
      etag,
      info.lastModified
    )
  ) {
    response.removeHeader('Content-Type')
    response.removeHeader('Content-Disposition')
    return response.status(304).send('')
  }

  const range = rangeStillValid(request.header('if-range'), etag, info.lastModified)
    ? parseRange(request.header('range'), size)
    : ({ type: 'none' } as const)
  if (range.type === 'unsatisfiable') {
    response.removeHeader('Content-Disposition')
    response.header('Content-Range', `bytes */${size}`)
    response.header('Content-Type', 'text/plain; charset=utf-8')
    return response.status(416).send('Requested range not satisfiable')
  }

  const head = request.method() === 'HEAD'
  if (range.type === 'range') {
    response.status(206)
    response.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    response.header('Content-Length', String(range.end - range.start + 1))
    if (head) return response.stream(Readable.from([]))
    return response.stream(await mediaFileStream(key, range))
  }
  response.status(200)
  response.header('Content-Length', String(size))
  // HEAD: the headers above (length included), no bytes read.
  if (head) return response.stream(Readable.from([]))
  return response.stream(await mediaFileStream(key))
}
