import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import { RuntimeException } from '@adonisjs/core/exceptions'
import { consumeUploads, remainingUploads } from '#services/upload_quota'
import { RequestTmpFiles, UPLOAD_ROUTES } from '#services/upload_files'
import { refuseMalformedInput } from '#middleware/well_formed_input_middleware'

/**
 * Receives the files of an upload route (named `uploadsThrottle` in
 * start/kernel.ts; the route's name must be in UPLOAD_ROUTES). Apply after
 * `auth`, so a file part reaches the disk only for a signed-in account that
 * got past CSRF and whose hourly quota (UPLOADS_PER_HOUR, default 100 files)
 * is not used up:
 *
 *   router.post('/x', …).as('x.store').use(middleware.uploadsThrottle())
 *
 * Files are counted, not requests: a request whose files do not fit answers
 * 429 "Too many uploads…" (for Inertia forms: the message flashed, back)
 * before anything is stored, and parts beyond what is left of the quota are
 * drained, never written. Every temporary file is removed when the request
 * ends, whatever its outcome.
 */
export default class UploadsThrottleMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    if (request.bodyType !== 'multipart') return next()
    if (!UPLOAD_ROUTES.has(ctx.route?.name ?? '') || request.multipart.state !== 'idle') {
      throw new RuntimeException(
        `Route "${ctx.route?.name ?? ctx.route?.pattern}" uses uploadsThrottle but is not listed in UPLOAD_ROUTES`
      )
    }
    const user = ctx.auth.getUserOrFail()
    const allowance = await remainingUploads(user.id)
    const tmpFiles = new RequestTmpFiles()
    let parts = 0

    try {
      request.multipart.onFile('*', { deferValidations: true }, async (part, reportChunk) => {
        parts++
        if (parts > allowance) {
          part.resume()
          return
        }
        try {
          return { tmpPath: await tmpFiles.write(part, reportChunk) }
        } catch (error) {
          request.multipart.abort(error)
        }
      })
      await request.multipart.process()
      if (refuseMalformedInput(ctx)) return
      const files = countFiles(request.allFiles())
      if (files > 0) await consumeUploads(user.id, files)
      return await next()
    } finally {
      await tmpFiles.remove()
    }
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
