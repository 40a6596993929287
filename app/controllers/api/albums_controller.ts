import type { HttpContext } from '@adonisjs/core/http'
import { myMedia, type AlbumKind } from '#queries/albums/my_media'
import { sendPage } from '#services/api/responses'
import { apiMedia } from '#transformers/api/media_transformer'
import { apiPageValidator } from '#validators/api'

/**
 * The owner's albums through the public API: the files of their own posts
 * (the web's My photos / My videos, the same query), newest first.
 */
export default class ApiAlbumsController {
  photos(ctx: HttpContext) {
    return this.album(ctx, 'image')
  }

  videos(ctx: HttpContext) {
    return this.album(ctx, 'video')
  }

  private async album(ctx: HttpContext, kind: AlbumKind) {
    const user = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await myMedia(user, kind, cursor)
    return sendPage(ctx, apiMedia(page.data), page.nextCursor)
  }
}
