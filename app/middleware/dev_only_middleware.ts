import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'

/**
 * Development helpers (the mail outbox) do not exist in production.
 */
export default class DevOnlyMiddleware {
  async handle(_ctx: HttpContext, next: NextFn) {
    if (app.inProduction) throw new E_NOT_FOUND()
    return next()
  }
}
