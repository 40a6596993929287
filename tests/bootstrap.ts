import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { apiClient } from '@japa/api-client'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import testUtils from '@adonisjs/core/services/test_utils'
import router from '@adonisjs/core/services/router'
import { rm } from 'node:fs/promises'
import { browserPlugins, browserSetup } from '#tests/helpers/browser'

/**
 * Plugins: assertions, the HTTP client with session / auth / CSRF / Inertia
 * helpers, and (for the browser suite) a real Chromium.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  ...browserPlugins(),
]

/**
 * Every test run gets a fresh database, migrated once and rolled back at
 * the end: `npm test` (scripts/test.mjs) points DATABASE_PATH at a new
 * tmp/test-<pid>.sqlite and deletes it afterwards; on PostgreSQL, give the
 * run a database of its own (PG_URL).
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate()],
  // This process's own folders under tmp/ (uploads in flight, the fake disk).
  teardown: [
    async () => {
      for (const folder of [`uploads-${process.pid}`, `drive-fakes-${process.pid}`]) {
        await rm(app.tmpPath(folder), { recursive: true, force: true })
      }
    },
  ],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'browser') browserSetup(suite)
  // The HTTP server commits the routes when it starts; the unit suite has
  // no server, and transformers build URLs from route names.
  if (suite.name === 'unit') suite.setup(() => router.commit())
  if (['browser', 'functional'].includes(suite.name)) {
    suite.setup(() => testUtils.httpServer().start())
  }
}
