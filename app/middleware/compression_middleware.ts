import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'

/**
 * Compresses dynamic answers (pages, Inertia JSON, API JSON) of 1 KB or more
 * with brotli (quality 4) or gzip, as the browser accepts, using the
 * `compression` package on the raw Node response: zlib runs on libuv's
 * thread pool, not on the event loop. Media (images, video, PDF) are not
 * compressible types and pass as they are; built assets are already
 * compressed at build time (static_files_middleware.ts) and are skipped
 * because they carry their Content-Encoding.
 *
 * HTTP_COMPRESSION=false turns it off, for a reverse proxy that compresses.
 */
let enabled: boolean | undefined
/** Read once per process (env.get on every request was ~0.6% of a page view). */
export const compressionEnabled = () => (enabled ??= env.get('HTTP_COMPRESSION') ?? true)

const compress = compression({ threshold: 1024 })

export default class CompressionMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (!compressionEnabled() || !ctx.request.header('accept-encoding')) return next()
    // The package is written for Express, whose request and response
    // extend Node's; it only uses Node's own API on them.
    compress(
      ctx.request.request as unknown as Parameters<typeof compress>[0],
      ctx.response.response as unknown as Parameters<typeof compress>[1],
      () => {}
    )
    return next()
  }
}
