import type { Data } from '~data'

/**
 * The shapes the server sends are generated (`Data.*` from '~data', see
 * docs/architecture.md "The shapes on both sides"): `Data.SharedProps` are
 * the props every page receives (app/middleware/inertia_middleware.ts), the
 * signed-in user is `Data.SharedProps['auth']['user']`. This file only
 * tells Inertia's hooks about them.
 */
declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: Data.SharedProps
    flashDataType: Data.FlashMessages
  }
}
