import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { UPLOAD_ROUTES } from '#services/upload_files'

/**
 * Multipart bodies are not processed by the bodyparser (config/bodyparser.ts
 * `autoProcess: false`), which would write every file part of every request
 * to disk, even for a guest on an unknown URL (issue 16 item 1). Here, right
 * after it, the fields of a multipart body are read and its file parts
 * drained without being stored; only the routes of UPLOAD_ROUTES are left
 * alone, for the `uploadsThrottle` middleware to receive their files once
 * the account is known.
 */
export default class MultipartFieldsMiddleware {
  async handle({ request, route }: HttpContext, next: NextFn) {
    if (
      request.bodyType === 'multipart' &&
      request.multipart.state === 'idle' &&
      !UPLOAD_ROUTES.has(route?.name ?? '')
    ) {
      await request.multipart.process()
    }
    return next()
  }
}
