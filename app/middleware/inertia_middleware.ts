import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import type { InferFlashData } from '@adonisjs/inertia/types'
import { getSettings } from '#services/settings'
import { teamPanelFor } from '#services/team_panel'
import UserTransformer from '#transformers/user_transformer'
import { isTokenOnlyRequest } from '#middleware/web_only'
import { cachedModerationCounts } from '#queries/admin/moderation_counts'

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
      auth: { user: user ? new UserTransformer(user).forSelf() : null },
      can: {
        admin: user?.role === 'admin',
        teamFeed: user?.role === 'admin' || user?.role === 'member',
      },
      errors: ctx.inertia.always(this.formErrors(ctx)),
      /** The member shell's team panel; lazy, so partial reloads skip it. */
      teamPanel: () => teamPanelFor(user),
      /** Unread private messages (the "Messages" badge): a users column, no extra query. */
      unreadMessages: user?.unreadMessagesCount ?? 0,
      /** The bell's unread notifications: a users column too, no extra query. */
      unreadNotifications: user?.unreadNotificationsCount ?? 0,
      /**
       * The admin menu's live badges (pending posts, open reports): admins
       * only, null for anyone else; a per-node cache, no query per page.
       */
      moderation: async () => (user?.role === 'admin' ? cachedModerationCounts() : null),
    }
  }

  /**
   * Validation errors (inputErrorsBag) plus errors a controller flashed with
   * session.flashErrors() (errorsBag, e.g. "wrong password"), first message
   * per field, inside the named error bag when the form asked for one.
   */
  private formErrors(ctx: HttpContext) {
    if (!ctx.session) return {}
    const flashed = ctx.session.flashMessages.get('errorsBag', {}) as Record<
      string,
      string | string[]
    >
    const errors: Record<string, string> = {}
    for (const [field, messages] of Object.entries(flashed)) {
      errors[field] = Array.isArray(messages) ? messages[0] : messages
    }
    const validation = this.getValidationErrors(ctx) as Record<string, any>
    const bag = ctx.request.header('x-inertia-error-bag')
    if (bag) {
      // An empty bag must be absent: Inertia treats any key in `errors` as a
      // failed request, so `{ share: {} }` would never reach onSuccess.
      const scoped = { ...errors, ...(validation[bag] ?? {}) }
      return Object.keys(scoped).length > 0 ? { [bag]: scoped } : {}
    }
    return { ...errors, ...validation }
  }

  /**
   * Inertia 3's first-class flash (`page.flash` on the client): what the
   * previous request flashed with session.flash(). Absent keys are left out.
   */
  flash(ctx: HttpContext) {
    const messages = ctx.session?.flashMessages
    return {
      success: messages?.get('success') as string | undefined,
      error: messages?.get('error') as string | undefined,
      lockoutUntil: messages?.get('lockoutUntil') as string | undefined,
      /** After sharing: the original's exact share count, for the sharer's own card. */
      shared: messages?.get('shared') as { postId: number; shares: number } | undefined,
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    // The public API answers JSON only: no Inertia there.
    if (isTokenOnlyRequest(ctx)) return next()
    await this.init(ctx)
    if (this.assetsChanged(ctx)) return this.forceFullReload(ctx)
    const output = await next()
    this.keepFlashForThePage(ctx)
    this.dispose(ctx)
    return output
  }

  /**
   * Flash messages are for the next page, yet the session hands them to
   * whichever request reads it next. A page's background requests (its
   * realtime client authorising channels, a JSON fetch) run while the
   * person acts: one that landed between an action's redirect and the page
   * it redirects to took the action's "saved" message with it, and the page
   * showed nothing. A request that is no page visit (neither Inertia nor
   * HTML) keeps them for the page.
   */
  private keepFlashForThePage(ctx: HttpContext) {
    const session = ctx.session
    if (!session || session.flashMessages.isEmpty) return
    if (ctx.inertia.requestInfo().isInertiaRequest) return
    // A browser's page load asks for text/html by name; XHR and fetch send */* or JSON.
    if ((ctx.request.header('accept') ?? '').includes('text/html')) return
    session.reflash()
  }

  /**
   * An Inertia GET from a page built with other assets: answered before the
   * route runs, so it holds for every reply, error pages included (the base
   * class checks after the handler, which a thrown 404 skips).
   */
  private assetsChanged(ctx: HttpContext) {
    const info = ctx.inertia.requestInfo()
    return (
      info.isInertiaRequest &&
      ctx.request.method() === 'GET' &&
      (info.version ?? '') !== ctx.inertia.getVersion()
    )
  }

  /** 409 + X-Inertia-Location: the client reloads the page in full (seed §7). */
  private forceFullReload(ctx: HttpContext) {
    ctx.session?.reflash()
    ctx.response.header('Vary', 'X-Inertia')
    ctx.response.header('X-Inertia-Location', ctx.request.url(true))
    ctx.response.header('X-Inertia-Version', ctx.inertia.getVersion())
    ctx.response.status(409)
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}

export type SharedFlash = InferFlashData<InertiaMiddleware>
