import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'

/**
 * The app's session config with the database store (the tests run on the
 * memory store, .env.test): the store itself and its collection of
 * sessions by user, as the app builds them. `ctx` stands for the request
 * the store is built for (it keeps the user row read with the session there).
 */
export async function databaseSessions(ctx: object = {}) {
  const base = (await configProvider.resolve(
    app,
    app.config.get('session')
  )) as ResolvedSessionConfig
  const config = { ...base, store: 'database' } as ResolvedSessionConfig
  const store = (config.stores as any).database(ctx, config)
  return { store, collection: new SessionCollection(config) }
}
