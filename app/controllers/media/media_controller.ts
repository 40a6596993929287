import type { HttpContext } from '@adonisjs/core/http'
import { serveMedia } from '#services/media_delivery'

/**
 * GET /media/:id/:variant? — a stored file, for people who may see what it
 * belongs to (app/services/media_delivery.ts: MediaPolicy, ranges,
 * revalidation, a safe disposition).
 */
export default class MediaController {
  async show(ctx: HttpContext) {
    return serveMedia(ctx)
  }
}
