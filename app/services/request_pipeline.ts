import type { ApplicationService, EmitterService } from '@adonisjs/core/types'
import type { ContainerResolver } from '@adonisjs/core/container'
import { tracingChannels } from '@adonisjs/core/events'

/**
 * Work the framework repeats on every request although its result never
 * changes. Measured with the S0 scenario of `npm run bench` (a constant JSON
 * through every global middleware, signed in): together ~25% of that
 * request's CPU (docs/benchmarks.md, "The per-request floor").
 */

type Constructor = abstract new (...args: any[]) => object

/**
 * The router resolves each middleware class from the container on every
 * request. @adonisjs/shield binds its middleware with `bind`, so each request
 * rebuilt all five guards: a CSRF token generator, the CSP directives
 * normalised and validated again from config, `import('edge.js')`… (~20% of
 * S0). Every class handed here keeps no per-request state on `this` (what a
 * request needs lives on `ctx`), so one instance serves every request.
 * (The session, bodyparser and vite middleware are singletons upstream.)
 */
export function resolveOnce(
  app: ApplicationService,
  middleware: Array<[Constructor, (resolver: ContainerResolver<any>) => object | Promise<object>]>
) {
  for (const [Middleware, make] of middleware) {
    app.container.singleton(Middleware as any, make as any)
  }
}

/**
 * `emitter.emit` goes through emittery (an async dispatch, a copy of the
 * listener sets, a diagnostics-channel trace) even when nothing listens.
 * The session and the auth guard emit four such events per request
 * (session:initiated, session:committed, session_auth:authentication_*):
 * ~8% of S0. Skipped when the event has no listener (onAny listeners count
 * as listeners), nothing traces event dispatch, and no fake is recording.
 */
export function skipUnheardEvents(emitter: EmitterService) {
  const target = emitter as EmitterService & { [SKIPS]?: true }
  if (target[SKIPS]) return
  target[SKIPS] = true
  const emit = emitter.emit.bind(emitter)
  const fake = emitter.fake.bind(emitter)
  const restore = emitter.restore.bind(emitter)
  let faking = false
  const unheard = Promise.resolve()
  Object.assign(emitter, {
    fake(...args: Parameters<EmitterService['fake']>) {
      const buffer = fake(...args)
      faking = true
      return buffer
    },
    restore() {
      faking = false
      restore()
    },
    emit(event: any, data?: any) {
      if (!faking && !tracingChannels.eventDispatch.hasSubscribers && !emitter.hasListeners(event))
        return unheard
      return emit(event, data)
    },
  })
}
const SKIPS = Symbol.for('huddle.skipUnheardEvents')

/**
 * The session id cookie is signed (HMAC-SHA256) with the cookie name as
 * purpose; the framework re-verifies it on every request and re-signs the
 * same id on every response. Both are pure functions of their input and the
 * app key (which cannot change while the process runs), and the session
 * cookie carries no expiry inside the signed message, so their results are
 * remembered for that purpose only:
 * - `sign`: the signed string of a session id;
 * - `unsign`: the id of a signed string that verified. A string that fails
 *   is never remembered, so a forged or altered cookie is checked (and
 *   refused) every time.
 * Each map keeps the last `limit` entries (one per live session).
 */
export function rememberSessionCookieSignatures(
  verifier: {
    sign(payload: any, expiresIn?: string | number, purpose?: string): string
    unsign(payload: string, purpose?: string): any
  },
  cookieName: string,
  limit = 10_000
) {
  const target = verifier as typeof verifier & { [REMEMBERS]?: string }
  if (target[REMEMBERS]) return
  target[REMEMBERS] = cookieName
  const sign = verifier.sign.bind(verifier)
  const unsign = verifier.unsign.bind(verifier)
  const signed = new Map<string, string>()
  const verified = new Map<string, unknown>()
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= limit) map.delete(map.keys().next().value!)
    map.set(key, value)
  }
  verifier.sign = (payload, expiresIn, purpose) => {
    if (purpose !== cookieName || expiresIn !== undefined || typeof payload !== 'string')
      return sign(payload, expiresIn, purpose)
    let value = signed.get(payload)
    if (value === undefined) {
      value = sign(payload, expiresIn, purpose)
      remember(signed, payload, value)
    }
    return value
  }
  verifier.unsign = (payload, purpose) => {
    if (purpose !== cookieName || typeof payload !== 'string') return unsign(payload, purpose)
    if (verified.has(payload)) return verified.get(payload)
    const value = unsign(payload, purpose)
    if (typeof value === 'string') remember(verified, payload, value)
    return value
  }
}
const REMEMBERS = Symbol.for('huddle.rememberSessionCookieSignatures')
