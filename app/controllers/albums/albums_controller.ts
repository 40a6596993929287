import type { HttpContext } from '@adonisjs/core/http'
import { myMedia, type AlbumKind } from '#queries/albums/my_media'
import MediaTransformer from '#transformers/media_transformer'

/**
 * PhotoAlbum/Index (/photos) and Homepage/MyVideo (/videos): grids of the
 * files of my posts. The list is an Inertia scroll prop `media`: the first
 * page on a visit, the next one on `?cursor=` as a partial reload of
 * `media` only (merged by id on the client).
 */
export default class AlbumsController {
  async photos(ctx: HttpContext) {
    return ctx.inertia.render('PhotoAlbum/Index', { media: this.scroll(ctx, 'image') })
  }

  async videos(ctx: HttpContext) {
    return ctx.inertia.render('Homepage/MyVideo', { media: this.scroll(ctx, 'video') })
  }

  private scroll(ctx: HttpContext, kind: AlbumKind) {
    const user = ctx.auth.getUserOrFail()
    const raw = ctx.request.input('cursor')
    return ctx.inertia
      .scroll(
        async () => {
          const page = await myMedia(user, kind, raw)
          return {
            ...page,
            data: page.data.map((item) => new MediaTransformer(item).forAlbum()),
          }
        },
        (value) => ({
          pageName: 'cursor',
          currentPage: value.cursor,
          nextPage: value.nextCursor,
          previousPage: null,
        })
      )
      .matchOn('id')
  }
}
