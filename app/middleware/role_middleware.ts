import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Role } from '#enums/role'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'

/**
 * Lets through only the listed roles (after `auth`). Everyone else gets
 * a 403 page.
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { roles: Role[] }) {
    const user = ctx.auth.getUserOrFail()
    if (!options.roles.includes(user.role)) {
      throw new E_FORBIDDEN()
    }
    return next()
  }
}
