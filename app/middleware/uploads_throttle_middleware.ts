import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import { consumeUploads } from '#services/upload_quota'

/**
 * Upload rate limit per user (named `uploadsThrottle` in start/kernel.ts):
 * counts the FILES of a multipart request, not the requests, against a
 * rolling hourly quota (UPLOADS_PER_HOUR, default 100). A request whose
 * files do not fit answers 429 "Too many uploads…" (for Inertia forms: the
 * message flashed, back) before anything is stored. Requests without files
 * pass untouched. Apply after `auth`:
 *
 *   router.post('/x', …).use(middleware.uploadsThrottle())
 */
export default class UploadsThrottleMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    const files = countFiles(ctx.request.allFiles())
    if (user && files > 0) await consumeUploads(user.id, files)
    return next()
  }
}

/** Files anywhere in the parsed multipart body (`files[]`, `avatar`, nested…). */
export function countFiles(value: unknown): number {
  if (value instanceof MultipartFile) return 1
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countFiles(item), 0)
  if (value && typeof value === 'object') {
    return Object.values(value).reduce((sum: number, item) => sum + countFiles(item), 0)
  }
  return 0
}
