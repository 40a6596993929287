import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import User from '#models/user'
import { accountVisibleTo } from '#queries/people/profiles'
import { blockState } from '#queries/people/blocked_pair'
import { cropValidator } from '#validators/people'
import { refuse } from '#exceptions/refuse'
import { removeProfileImage, replaceProfileImage } from '#services/people/profile_image_changes'
import { mediaFileInfo, mediaFileStream } from '#services/media_storage'
import { isNotModified } from '#services/media_http'
import { avatarKey, imageVersion, type ProfileImageKind } from '#services/profile_image_keys'
import { profileImageRules, type CropArea } from '#services/profile_images'
import { wantsJson } from '#services/http/requests'
import { avatarUrl, coverUrl } from '#services/media_urls'

const IMAGE_CSP = [
  'sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ')
/** Private (signed-in only); the URL carries a version, so a new image is a new URL. */
const CACHE_CONTROL = 'private, max-age=86400'

/**
 * Avatars and covers (PRODUCT §8). Own account only: upload (multipart
 * `avatar` / `cover` + the crop rectangle x, y, width, height in pixels of
 * the upright image), remove, and the cover editor page (Profile/Cover).
 * Served to signed-in people by GET /users/:id/avatar and /users/:id/cover,
 * with the profile's visibility (not found when the person blocked you or,
 * for non-admins, when the account is not active).
 */
export default class ProfileImagesController {
  /** Profile/Cover: the cover editor. */
  async editCover({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('Profile/Cover', {
      coverUrl: coverUrl(user),
      rules: await profileImageRules('cover'),
    })
  }

  async updateAvatar(ctx: HttpContext) {
    return this.replace(ctx, 'avatar')
  }

  async updateCover(ctx: HttpContext) {
    return this.replace(ctx, 'cover')
  }

  async destroyAvatar(ctx: HttpContext) {
    return this.remove(ctx, 'avatar')
  }

  async destroyCover(ctx: HttpContext) {
    return this.remove(ctx, 'cover')
  }

  async showAvatar(ctx: HttpContext) {
    const user = await this.visibleOwner(ctx)
    if (!user.avatarKey) throw new E_NOT_FOUND()
    const size = ctx.request.input('size') === 'large' ? 'large' : 'small'
    return this.serve(
      ctx,
      avatarKey(user.avatarKey, size),
      `${imageVersion(user.avatarKey)}-${size}`
    )
  }

  async showCover(ctx: HttpContext) {
    const user = await this.visibleOwner(ctx)
    if (!user.coverKey) throw new E_NOT_FOUND()
    return this.serve(ctx, user.coverKey, imageVersion(user.coverKey))
  }

  private async replace(ctx: HttpContext, kind: ProfileImageKind) {
    const user = ctx.auth.getUserOrFail()
    const crop = await this.crop(ctx)
    const value = (ctx.request.allFiles() as Record<string, unknown>)[kind]
    const file = value instanceof MultipartFile ? value : null
    await replaceProfileImage(user, kind, file, crop)
    const label = kind === 'avatar' ? 'avatar' : 'cover image'
    if (wantsJson(ctx)) {
      return ctx.response.json({
        avatarUrl: avatarUrl(user, 'large'),
        coverUrl: coverUrl(user),
      })
    }
    ctx.session.flash('success', `Your new ${label} is saved.`)
    return ctx.response.redirect().back()
  }

  private async remove(ctx: HttpContext, kind: ProfileImageKind) {
    const user = ctx.auth.getUserOrFail()
    const removed = await removeProfileImage(user, kind)
    const label = kind === 'avatar' ? 'avatar' : 'cover image'
    if (wantsJson(ctx)) return ctx.response.json({ removed })
    ctx.session.flash('success', removed ? `Your ${label} was removed.` : `You have no ${label}.`)
    return ctx.response.redirect().back()
  }

  /** The crop rectangle: all four values or none. */
  private async crop(ctx: HttpContext): Promise<CropArea | null> {
    const data = await ctx.request.validateUsing(cropValidator)
    const given = [data.x, data.y, data.width, data.height].filter((v) => v !== undefined)
    if (given.length === 0) return null
    if (given.length !== 4) {
      throw refuse('crop', 'The crop area needs x, y, width and height.', 'crop')
    }
    return { x: data.x!, y: data.y!, width: data.width!, height: data.height! }
  }

  private async visibleOwner(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const id = Number(ctx.params.id)
    const user = Number.isSafeInteger(id) && id > 0 ? await User.find(id) : null
    if (!user || !accountVisibleTo(viewer, user)) throw new E_NOT_FOUND()
    if (user.id !== viewer.id) {
      const blocks = await blockState(viewer.id, user.id)
      if (blocks.blockedViewer) throw new E_NOT_FOUND()
    }
    return user
  }

  private async serve({ request, response }: HttpContext, key: string, version: string) {
    let info: Awaited<ReturnType<typeof mediaFileInfo>>
    try {
      info = await mediaFileInfo(key)
    } catch {
      throw new E_NOT_FOUND()
    }
    const etag = `"${version}"`
    response.header('Content-Type', 'image/webp')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Security-Policy', IMAGE_CSP)
    response.header('Cross-Origin-Resource-Policy', 'same-origin')
    response.header('Cache-Control', CACHE_CONTROL)
    response.header('ETag', etag)
    response.header('Last-Modified', info.lastModified.toUTCString())
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
      return response.status(304).send('')
    }
    response.header('Content-Length', String(info.contentLength))
    if (request.method() === 'HEAD') return response.stream(Readable.from([]))
    return response.stream(await mediaFileStream(key))
  }
}
