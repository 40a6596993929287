import { indexPages } from '@adonisjs/inertia'
import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { generateRegistry } from '@tuyau/core/hooks'

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/queue/commands'),
  ],

  providers: [
    () => import('#providers/crypto_provider'),
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/queue/queue_provider'),
    () => import('#providers/queue_worker_provider'),
    { file: () => import('#providers/realtime_provider'), environment: ['web', 'test'] },
    { file: () => import('#providers/request_pipeline_provider'), environment: ['web', 'test'] },
    () => import('#providers/safe_redirect_provider'),
    { file: () => import('#providers/sqlite_checkpointer_provider'), environment: ['web'] },
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/events'),
    () => import('#start/model_hooks'),
    () => import('#start/view'),
    { file: () => import('#start/channels'), environment: ['web', 'test'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 5000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 120000 },
    ],
    forceExit: true,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
  ],

  hooks: {
    init: [
      indexEntities({ transformers: { enabled: true, withSharedProps: true } }),
      indexPages({ framework: 'react' }),
      // The browser's route registry (inertia/lib/route.ts, in every page's
      // first load): the pages' routes only. The public API (api.*) and the
      // Pusher HTTP API the socket server answers (realtime.*) are called by
      // other programs, never by a page.
      generateRegistry({ routes: { except: [/^api\./, /^realtime\./] } }),
    ],
    buildStarting: [
      () => import('#start/hooks/inertia_declarations'),
      () => import('@adonisjs/vite/build_hook'),
    ],
  },
})
