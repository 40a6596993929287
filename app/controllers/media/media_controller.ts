import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Media from '#models/media'
import type User from '#models/user'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { canViewPost } from '#queries/feeds/visible_posts'
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
 * GET /media/:id/:variant? — a stored file, only for people who may see
 * the post (or comment) it belongs to; anyone else gets the same 404 as
 * for a file that does not exist. Streams from Drive with ranges (video
 * seeking), ETag / Last-Modified revalidation and a safe disposition.
 */
export default class MediaController {
  async show({ params, request, response, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const variant = (params.variant ?? 'original') as Variant
    if (!MEDIA_VARIANTS.includes(variant)) throw new E_NOT_FOUND()

    if (!Number.isSafeInteger(params.id)) throw new E_NOT_FOUND()
    const media = await Media.find(params.id)
    if (!media || !(await this.canView(user, media))) throw new E_NOT_FOUND()
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

  /**
   * A post's file: the post must be visible to the viewer (THE rule, which
   * lets authors see their own pending posts). A comment's file: its
   * comment must be live, its post visible, and no block between the
   * viewer and the commenter. A message's file: the two people of its
   * conversation only. A file not attached to anything yet: only its
   * uploader.
   */
  private async canView(user: User, media: Media) {
    if (media.postId !== null) return canViewPost(user, media.postId)
    if (media.messageId !== null) {
      // A private message's file: its conversation's two people, nobody else (admins included).
      const participant = await db
        .from('messages as m')
        .join('conversation_participants as cp', 'cp.conversation_id', 'm.conversation_id')
        .where('m.id', media.messageId)
        .where('cp.user_id', user.id)
        .select('cp.user_id')
        .first()
      return Boolean(participant)
    }
    if (media.commentId !== null) {
      const comment = await db
        .from('comments')
        .where('id', media.commentId)
        .whereNull('deleted_at')
        .select('post_id', 'author_id')
        .first()
      if (!comment) return false
      const blocked = await db
        .from('blocks')
        .where((pair) => pair.where('blocker_id', user.id).where('blocked_id', comment.author_id))
        .orWhere((pair) => pair.where('blocker_id', comment.author_id).where('blocked_id', user.id))
        .first()
      return !blocked && canViewPost(user, Number(comment.post_id))
    }
    return media.uploaderId === user.id
  }
}
