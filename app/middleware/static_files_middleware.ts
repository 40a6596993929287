import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import {
  PRECOMPRESSED_ENCODINGS,
  PrecompressedAssets,
  acceptedEncodings,
  contentTypeOf,
} from '#services/precompressed_assets'

/**
 * A request path that can name a file in public/: the built assets under
 * /build/ and files with an extension (favicon.svg, robots.txt…). Routes
 * never have one (`/`, `/posts/12`, `/u/ana`), so they skip the file system.
 */
export function mayBeStaticFile(path: string) {
  return path.startsWith('/build/') || /\.[^/]*$/.test(path)
}

export const assets = new PrecompressedAssets(app.publicPath())

/**
 * @adonisjs/static for the paths that can be files only. The stock
 * middleware runs before routing on every request and stats public/ each
 * time (3% of a signed-in page's CPU in npm run bench:profile); every file
 * public/ holds has an extension or lives under /build/.
 *
 * A built asset with a precompressed variant (`.br`, `.gz`, written by the
 * build) is served as that variant when the browser accepts it, with the
 * original's type, `Content-Encoding` and `Vary: Accept-Encoding`.
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    const path = ctx.request.url()
    if (!mayBeStaticFile(path)) return next()
    const method = ctx.request.method()
    const variants =
      (method === 'GET' || method === 'HEAD') && path.startsWith('/build/')
        ? assets.variantsOf(path)
        : undefined
    if (variants) {
      const raw = ctx.response.response
      raw.setHeader('Vary', 'Accept-Encoding')
      const encoding = acceptedEncodings(ctx.request.header('accept-encoding')).find((e) =>
        variants.has(e)
      )
      if (encoding) {
        const suffix = PRECOMPRESSED_ENCODINGS.find((e) => e.encoding === encoding)!.suffix
        raw.setHeader('Content-Type', contentTypeOf(path)!)
        raw.setHeader('Content-Encoding', encoding)
        const request = ctx.request.request
        const query = request.url!.indexOf('?')
        request.url = path + suffix + (query === -1 ? '' : request.url!.slice(query))
      }
    }
    return this.files.handle(ctx, next)
  }
}
