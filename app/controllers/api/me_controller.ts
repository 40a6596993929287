import type { HttpContext } from '@adonisjs/core/http'
import ApiMeTransformer from '#transformers/api/me_transformer'
import { sendRead } from '#services/api/responses'

/** GET /api/v1/me: the token's owner. */
export default class ApiMeController {
  async show(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    return sendRead(ctx, new ApiMeTransformer(user).toObject())
  }
}
