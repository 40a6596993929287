import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiPath } from '#services/api/scopes'

type Middleware = { handle(ctx: HttpContext, next: NextFn): unknown }
type Loader = () => Promise<{ default: new (...args: any[]) => Middleware }>

/** Whether this request is one of the public API's (/api/v1…): token-only, no session. */
export function isApiRequest(ctx: HttpContext) {
  return isApiPath(ctx.route?.pattern) || isApiPath(ctx.request.url())
}

/** The realtime auth endpoints an API client may call with its token (issue 14). */
const TOKEN_REALTIME_PATHS = new Set(['/broadcasting/auth', '/broadcasting/user-auth'])

/**
 * Whether this is a realtime auth request carrying `Authorization: Bearer …`
 * (a bot or script with a personal access token): it is authenticated by the
 * token alone, never by a cookie, so it gets no session and needs no CSRF
 * token (a cross-site page cannot set that header: CORS is closed there).
 * The same request with a session cookie and no bearer token still goes
 * through the session and shield's CSRF check.
 */
export function isBearerRealtimeRequest(ctx: HttpContext) {
  const path = ctx.route?.pattern ?? ctx.request.url()
  if (!TOKEN_REALTIME_PATHS.has(path)) return false
  return /^bearer\s/i.test(ctx.request.header('authorization') ?? '')
}

/** A request the session, CSRF and Inertia middleware leave alone (token-only). */
export function isTokenOnlyRequest(ctx: HttpContext) {
  return isApiRequest(ctx) || isBearerRealtimeRequest(ctx)
}

/**
 * A router middleware of the web app that the public API skips (session,
 * shield's CSRF): /api/v1 requests carry a bearer token, never a cookie,
 * so they get no session, no CSRF secret, no XSRF cookie; nor do the realtime
 * auth requests made with a token (isBearerRealtimeRequest). Every other
 * request runs the wrapped middleware as before (built by the container).
 */
export function webOnly(load: Loader) {
  // Imported once: an `import()` per request resolves the module again each
  // time (seen in S1's CPU profile, ~1% of a request).
  let loaded: ReturnType<Loader> | null = null
  return class WebOnlyMiddleware {
    async handle(ctx: HttpContext, next: NextFn) {
      if (isTokenOnlyRequest(ctx)) return next()
      loaded ??= load().catch((error) => {
        loaded = null
        throw error
      })
      const { default: Inner } = await loaded
      const inner = await ctx.containerResolver.make(Inner)
      return inner.handle(ctx, next)
    }
  }
}
