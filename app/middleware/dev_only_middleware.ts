import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'
import { mayReadOutbox, OUTBOX_REFUSED } from '#services/dev_outbox_access'

/**
 * Development helpers (the mail outbox) do not exist in production. Outside
 * production they answer a guest only on a loopback-only server reached
 * directly from its machine, and a signed-in admin from anywhere
 * (app/services/dev_outbox_access.ts).
 */
export default class DevOnlyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (app.inProduction) throw new E_NOT_FOUND()
    if (!mayReadOutbox(ctx)) throw new E_FORBIDDEN(OUTBOX_REFUSED)
    return next()
  }
}
