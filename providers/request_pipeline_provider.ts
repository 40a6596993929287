import { createRequire } from 'node:module'
import type { ApplicationService } from '@adonisjs/core/types'
import {
  rememberCsrfTokens,
  rememberSessionCookieSignatures,
  resolveOnce,
  skipUnheardEvents,
} from '#services/request_pipeline'

/**
 * Removes per-request work whose result never changes
 * (app/services/request_pipeline.ts). Runs at boot, after every provider has
 * registered its bindings (shield's middleware binding is replaced here).
 */
export default class RequestPipelineProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    const app = this.app
    const { default: ShieldMiddleware } = await import('@adonisjs/shield/shield_middleware')
    const { default: InitializeAuthMiddleware } =
      await import('@adonisjs/auth/initialize_auth_middleware')
    const { default: StaticMiddleware } = await import('@adonisjs/static/static_middleware')
    const own = await Promise.all([
      import('#middleware/container_bindings_middleware'),
      import('#middleware/security_headers_middleware'),
      import('#middleware/multipart_fields_middleware'),
      import('#middleware/well_formed_input_middleware'),
      import('#middleware/silent_auth_middleware'),
      import('#middleware/initialize_bouncer_middleware'),
      import('#middleware/inertia_middleware'),
      import('#middleware/auth_middleware'),
      import('#middleware/guest_middleware'),
      import('#middleware/role_middleware'),
      import('#middleware/password_confirmed_middleware'),
      import('#middleware/dev_only_middleware'),
      import('#middleware/uploads_throttle_middleware'),
    ])
    const { default: StaticFilesMiddleware } = await import('#middleware/static_files_middleware')

    resolveOnce(app, [
      // As @adonisjs/shield's provider builds it, once.
      [
        ShieldMiddleware,
        async (resolver) => {
          const config = app.config.get<any>('shield', {})
          const manager = await resolver.make('encryption')
          if (!app.usingEdgeJS) return new ShieldMiddleware(config, manager.use())
          const { default: edge } = await import('edge.js')
          return new ShieldMiddleware(config, manager.use(), edge)
        },
      ],
      [InitializeAuthMiddleware, () => new InitializeAuthMiddleware()],
      [
        StaticFilesMiddleware,
        async (resolver) => new StaticFilesMiddleware(await resolver.make(StaticMiddleware)),
      ],
      ...own.map(
        ({ default: Middleware }) =>
          [Middleware, () => new (Middleware as new () => object)()] as [any, () => object]
      ),
    ])

    skipUnheardEvents(await app.container.make('emitter'))

    // (config/session.ts's export: `config.get('session')` is an unresolved provider.)
    const { SESSION_COOKIE_NAME } = await import('#config/session')
    const encryption = await app.container.make('encryption')
    rememberSessionCookieSignatures(encryption.getMessageVerifier(), SESSION_COOKIE_NAME)

    // The `csrf` package shield itself loads (resolved from shield's folder).
    const fromShield = createRequire(import.meta.resolve('@adonisjs/shield/shield_middleware'))
    const Tokens = fromShield('csrf') as { prototype: Parameters<typeof rememberCsrfTokens>[0] }
    // Cookies are encrypted, and shield decrypts, with the default encrypter.
    rememberCsrfTokens(Tokens.prototype, encryption.use())
  }
}
