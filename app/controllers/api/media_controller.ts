import type { HttpContext } from '@adonisjs/core/http'
import { serveMedia } from '#services/media_delivery'
import { sendProblem } from '#services/api/problem'

/**
 * GET /api/v1/media/:id/:variant: a stored file for the token's owner,
 * served as the web media route serves it (app/services/media_delivery.ts) (the same authorisation:
 * whoever may see its post, comment or conversation; Range, ETag and
 * Last-Modified, a safe disposition). Its refusals are 404s, which the
 * exception handler answers as problem details on /api/v1; an
 * unsatisfiable range becomes a 416 problem too.
 */
export default class ApiMediaController {
  async show(ctx: HttpContext) {
    const answer = await serveMedia(ctx)
    if (ctx.response.getStatus() === 416) {
      sendProblem(ctx, 416, 'The requested range is outside the file.')
      return
    }
    return answer
  }
}
