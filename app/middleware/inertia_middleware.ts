import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import type { InferSharedProps, InferFlashData } from '@adonisjs/inertia/types'
import { getSettings } from '#services/settings'
import UserTransformer from '#transformers/user_transformer'

/**
 * Props every page receives. Only what the signed-in user may see about
 * themself and booleans for what they may do: no secrets, nobody else's data.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    const settings = await getSettings()
    const user = ctx.auth?.user ?? null

    return {
      team: { name: settings.teamName, abbreviation: settings.teamAbbreviation },
      auth: { user: user ? UserTransformer.forSelf(user) : null },
      can: {
        admin: user?.role === 'admin',
        teamFeed: user?.role === 'admin' || user?.role === 'member',
      },
      errors: ctx.inertia.always(this.getValidationErrors(ctx)),
    }
  }

  flash(ctx: HttpContext) {
    return {
      success: ctx.session?.flashMessages.get('success') as string | undefined,
      error: ctx.session?.flashMessages.get('error') as string | undefined,
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}

export type SharedFlash = InferFlashData<InertiaMiddleware>
