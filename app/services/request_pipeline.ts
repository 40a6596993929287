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
  const signed = new Recent<string>(limit)
  const verified = new Recent<unknown>(limit)
  verifier.sign = (payload, expiresIn, purpose) => {
    if (purpose !== cookieName || expiresIn !== undefined || typeof payload !== 'string')
      return sign(payload, expiresIn, purpose)
    return signed.through(payload, () => sign(payload, expiresIn, purpose))
  }
  verifier.unsign = (payload, purpose) => {
    if (purpose !== cookieName || typeof payload !== 'string') return unsign(payload, purpose)
    return verified.through(payload, () => unsign(payload, purpose), isString)
  }
}
const REMEMBERS = Symbol.for('huddle.rememberSessionCookieSignatures')

/**
 * Shield (@adonisjs/shield's CSRF guard) makes a new token for every
 * response (a random salt and a SHA-1 of salt + the session's secret, from
 * the `csrf` package), encrypts it into the XSRF-TOKEN cookie (AES-256-GCM),
 * and on a write decrypts the X-XSRF-TOKEN header and hashes again: ~5% of
 * a page view and ~9% of a write (npm run bench:profile -- S1 / S3).
 *
 * Here a session keeps one token, as Laravel's XSRF-TOKEN does: the token
 * made for a secret is reused while the secret lives, its encrypted cookie
 * value is reused, and a cookie value that decrypted, or a (secret, token)
 * pair that verified, is not checked again. Every write is still refused
 * unless its header carries a token of the session's current secret (a new
 * secret, e.g. after signing out, gets a new token); what fails is never
 * remembered. The token is never written into a page (no `csrfToken` in
 * views or props), so a stable token gives a compression side channel
 * (BREACH) nothing to read.
 */
export function rememberCsrfTokens(
  tokens: {
    create(secret: string): string
    verify(secret: string, token: string): boolean
  },
  encryption: {
    encrypt(payload: any, expiresIn?: any, purpose?: string): string
    decrypt<T = unknown>(value: string, purpose?: string): T | null
  },
  limit = 10_000,
  cookieName = 'XSRF-TOKEN'
) {
  const target = tokens as typeof tokens & { [CSRF]?: true }
  if (target[CSRF]) return
  target[CSRF] = true
  const { create, verify } = tokens
  const { encrypt, decrypt } = encryption
  const made = new Recent<string>(limit)
  const sealed = new Recent<string>(limit)
  const opened = new Recent<unknown>(limit)
  const valid = new Recent<boolean>(limit)
  tokens.create = function (this: typeof tokens, secret: string) {
    if (typeof secret !== 'string' || !secret) return create.call(this, secret)
    return made.through(secret, () => create.call(this, secret))
  }
  tokens.verify = function (this: typeof tokens, secret: string, token: string) {
    if (typeof secret !== 'string' || typeof token !== 'string')
      return verify.call(this, secret, token)
    return valid.through(`${secret}\n${token}`, () => verify.call(this, secret, token), isTrue)
  }
  encryption.encrypt = function (this: typeof encryption, payload, expiresIn, purpose) {
    if (purpose !== cookieName || expiresIn !== undefined || typeof payload !== 'string')
      return encrypt.call(this, payload, expiresIn, purpose)
    return sealed.through(payload, () => encrypt.call(this, payload, expiresIn, purpose))
  }
  encryption.decrypt = function (this: typeof encryption, value: string, purpose?: string) {
    if (purpose !== cookieName || typeof value !== 'string')
      return decrypt.call(this, value, purpose)
    return opened.through(value, () => decrypt.call(this, value, purpose), isString) as any
  } as typeof encryption.decrypt
}
const CSRF = Symbol.for('huddle.rememberCsrfTokens')

/**
 * The results of a pure function for its last `limit` keys (the oldest
 * leaves first). `keep` says which results may be remembered: a failed
 * check never is, so it runs again next time.
 */
class Recent<V> {
  #map = new Map<string, V>()
  constructor(private limit: number) {}
  through(key: string, compute: () => V, keep: (value: V) => boolean = () => true): V {
    if (this.#map.has(key)) return this.#map.get(key)!
    const value = compute()
    if (keep(value)) {
      if (this.#map.size >= this.limit) this.#map.delete(this.#map.keys().next().value!)
      this.#map.set(key, value)
    }
    return value
  }
}
const isString = (value: unknown) => typeof value === 'string'
const isTrue = (value: unknown) => value === true
