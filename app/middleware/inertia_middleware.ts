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
      errors: ctx.inertia.always(this.formErrors(ctx)),
    }
  }

  /**
   * Validation errors (inputErrorsBag) plus errors a controller flashed with
   * session.flashErrors() (errorsBag, e.g. "wrong password"), first message
   * per field, inside the named error bag when the form asked for one.
   */
  private formErrors(ctx: HttpContext) {
    if (!ctx.session) return {}
    const flashed = ctx.session.flashMessages.get('errorsBag', {}) as Record<string, string | string[]>
    const errors: Record<string, string> = {}
    for (const [field, messages] of Object.entries(flashed)) {
      errors[field] = Array.isArray(messages) ? messages[0] : messages
    }
    const validation = this.getValidationErrors(ctx) as Record<string, any>
    const bag = ctx.request.header('x-inertia-error-bag')
    if (bag) return { [bag]: { ...errors, ...(validation[bag] ?? {}) } }
    return { ...errors, ...validation }
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
