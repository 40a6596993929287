import { defineConfig } from '@adonisjs/auth'
import { tokensGuard } from '@adonisjs/auth/access_tokens'
import {
  keyReadSessionGuard,
  keyReadTokensUserProvider,
  keyReadUserProvider,
} from '#services/auth/session_user_provider'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

const authConfig = defineConfig({
  default: 'web',
  guards: {
    // The stock session guard, given the user row read with the session
    // (app/services/session_store.ts) when it is the session's user.
    web: keyReadSessionGuard({
      useRememberMeTokens: true,
      rememberMeTokensAge: '30 days',
      // The stock provider, reading the user's row without knex on SQLite.
      provider: keyReadUserProvider({
        model: () => import('#models/user'),
      }),
    }),
    /** The public API (/api/v1): personal access tokens only, never the session. */
    api: tokensGuard({
      // The stock provider, reading the user's row without knex on SQLite.
      provider: keyReadTokensUserProvider({
        tokens: 'accessTokens',
        model: () => import('#models/user'),
      }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
