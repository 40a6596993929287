import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/**
 * A request path that can name a file in public/: the built assets under
 * /build/ and files with an extension (favicon.svg, robots.txt…). Routes
 * never have one (`/`, `/posts/12`, `/u/ana`), so they skip the file system.
 */
export function mayBeStaticFile(path: string) {
  return path.startsWith('/build/') || /\.[^/]*$/.test(path)
}

/**
 * @adonisjs/static for the paths that can be files only. The stock
 * middleware runs before routing on every request and stats public/ each
 * time (3% of a signed-in page's CPU in npm run bench:profile); every file
 * public/ holds has an extension or lives under /build/.
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (!mayBeStaticFile(ctx.request.url())) return next()
    return this.files.handle(ctx, next)
  }
}
