import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { lazyTouchDatabaseStore } from '#services/session_store'

/**
 * Sessions live in the database (not in the cookie), tagged with the user id,
 * so signing out, a password change, "sign out other devices" and an admin
 * disabling an account revoke them at once, on every node.
 */
// The __Host- prefix pins the cookie to this exact origin over HTTPS.
export const SESSION_COOKIE_NAME = app.inProduction ? '__Host-huddle-session' : 'huddle-session'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE_NAME,
  clearWithBrowser: false,
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER', 'database'),
  stores: {
    cookie: stores.cookie(),
    // The stock database store, minus the UPDATE on every unchanged request
    // (app/services/session_store.ts).
    database: lazyTouchDatabaseStore({ tableName: 'sessions', gcProbability: 2 }),
    redis: stores.redis({ connection: 'main' } as any),
  },
})

export default sessionConfig
