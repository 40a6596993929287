import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { constants as zlib } from 'node:zlib'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { VitePWA } from 'vite-plugin-pwa'
import { minimal2023Preset } from '@vite-pwa/assets-generator/config'

// Under `npm test` the dev server runs in-process for the browser suite:
// no file watching or hot reload, so an edit made while tests run cannot
// reload a page in the middle of a test.
const testing = process.env.NODE_ENV === 'test'

/**
 * Server modules the browser bundle imports as they are (plain constants and
 * string builders that import nothing). The client imports them by their
 * server alias; TypeScript reads their declarations (tmp/tsc/server, emitted
 * by scripts/server_declarations.mjs: list them in tsconfig.declarations.json
 * too) and Vite bundles the source through these aliases. The root build
 * compiles them as ordinary server files, so build/ has them for the server.
 * ESLint allows exactly these imports in inertia/ (eslint.config.js).
 */
const SHARED_WITH_CLIENT = {
  '#enums/report_reason': 'app/enums/report_reason.ts',
  '#enums/notification_sentences': 'app/enums/notification_sentences.ts',
  '#services/realtime/channels': 'app/services/realtime/channels.ts',
}

/** The offline page (public/offline.html) is precached by its content's hash. */
const offlineRevision = createHash('sha256')
  .update(readFileSync('public/offline.html'))
  .digest('hex')
  .slice(0, 16)

/**
 * The hooks nearly every page uses go with the UI kit in `ui`; a page's own
 * hooks (the composer's, a conversation's, a post card's) stay with it.
 */
const SHARED_HOOKS =
  /[\\/]inertia[\\/]hooks[\\/](json_request|use_load_failure|use_like_toggle)\.ts$/

/**
 * Small parts of a post many signed-in pages show outside a feed too (its
 * time, its author's avatar, the media viewer's hook): with the signed-in
 * shell, so that a page drawing them does not fetch the feed's chunk (and
 * a guest page never gets the lightbox among its later downloads).
 */
const SHARED_POST_PARTS =
  /[\\/]inertia[\\/](components[\\/]posts[\\/](relative_time|author_avatar)\.tsx|hooks[\\/]use_media_viewer\.tsx)$/

/**
 * The parts only the signed-in shells (member, admin) draw: their own chunk.
 * lib/outbox.ts stays in `ui`: lib/pwa.ts, which every page fetches after
 * load, imports it, and would otherwise fetch this chunk for guests too.
 */
const MEMBER_SHELL =
  /[\\/]inertia[\\/](components[\\/](shell[\\/](connection_status|header_search|mobile_nav|nav_list|notification_bell|offline_status|team_panel|user_menu)\.tsx|notifications[\\/](?!notification_row|notifications_page|bell_menu_content)|live[\\/]|messages[\\/]unread_badge)|lib[\\/](navigation|realtime|offline_state)\.ts$)/

/**
 * The typed route registry (`.adonisjs/client/registry/index.ts`, written by
 * `node ace codegen`) without its `tokens` lines (every route's pattern
 * split into segments: a third of the registry, about 2 KB gzip of every
 * page's first load) and its `types` lines (an empty object at run time,
 * there for the compiler). inertia/lib/route.ts computes the tokens from the
 * pattern (routeTokens); tests/unit/client/route_tokens.spec.ts checks both
 * agree.
 */
function compactRouteRegistry(): Plugin {
  return {
    name: 'huddle:compact-route-registry',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]\.adonisjs[\\/]client[\\/]registry[\\/]index\.[jt]s$/.test(id)) return
      const compact = code
        .replace(/^ +tokens: \[.*\],\n/gm, '')
        .replace(/^ +types: placeholder as Registry\[.*\],\n/gm, '')
      if (compact === code || /\b(tokens|types):/.test(compact)) {
        this.error(
          'The route registry changed shape: update compactRouteRegistry (vite.config.ts).'
        )
      }
      return { code: compact, map: null }
    },
  }
}

export default defineConfig({
  // Only the browser bundle is built (`node ace build` builds every Vite
  // environment): vite-plugin-pwa's `ssr` options would otherwise add an
  // SSR build of inertia/app.tsx writing over public/build.
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client)
    },
  },
  server: testing ? { hmr: false, watch: null } : undefined,
  // A test run's dependency cache; CI's parallel suites each set their own
  // (VITE_CACHE_DIR), so one never re-optimises under the other's pages.
  cacheDir: testing ? (process.env.VITE_CACHE_DIR ?? 'node_modules/.vite-test') : undefined,
  plugins: [
    compactRouteRegistry(),
    react(),
    tailwindcss(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      reload: ['resources/views/**/*.edge'],
      // Must match config/vite.ts: assets are served from /build/ (PRODUCT §2).
      buildDirectory: 'public/build',
      assetsUrl: '/build',
    }),
    // The installable app (issue 15 §1): a Workbox service worker built from
    // inertia/sw/sw.ts into public/build/sw.js (served at /sw.js, scope /),
    // precaching the hashed assets and the offline page; the icons are
    // generated from public/favicon.svg (@vite-pwa/assets-generator) into
    // the build, whose manifest.webmanifest lists them for the app's own
    // GET /manifest.webmanifest (named after the team). Registered by the
    // page after load (inertia/lib/pwa.ts), never in the dev server.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'inertia/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      base: '/',
      buildBase: '/build/',
      manifest: {
        name: 'Huddle',
        short_name: 'Huddle',
        theme_color: '#4338ca',
        background_color: '#f6f7f9',
        display: 'standalone',
        start_url: '/',
      },
      pwaAssets: {
        image: 'public/favicon.svg',
        // The maskable and Apple icons are cropped by the system: fill their
        // safe-zone padding with the brand colour instead of white.
        preset: {
          ...minimal2023Preset,
          maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: '#4338ca' } },
          apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#4338ca' } },
        },
        includeHtmlHeadLinks: false,
        overrideManifestIcons: true,
        injectThemeColor: false,
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,svg,png,ico,woff2}'],
        globIgnores: ['**/sw.js', '**/*.map'],
        additionalManifestEntries: [{ url: '/offline.html', revision: offlineRevision }],
        // Build files are listed relative to public/build/; the worker lives at /sw.js.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) =>
              entry.url.startsWith('/') ? entry : { ...entry, url: `/build/${entry.url}` }
            ),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Production builds write a brotli (.br) and a gzip (.gz) copy of every
    // text asset, at the highest levels: the server sends them as they are
    // (app/middleware/static_files_middleware.ts), never compressing per request.
    compression({
      include: /\.(?:js|mjs|css|svg|json|html|txt|webmanifest)$/,
      exclude: /\.vite\//,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      ...Object.fromEntries(
        Object.entries(SHARED_WITH_CLIENT).map(([name, file]) => [
          name,
          `${import.meta.dirname}/${file}`,
        ])
      ),
    },
  },
  /**
   * Pre-bundle the lazily loaded editor, cropper, lightbox, realtime client,
   * toasts and Radix up front: on a
   * cold cache (a fresh clone, CI) Vite would otherwise discover them on
   * first use and reload the page mid-test.
   */
  optimizeDeps: {
    include: [
      '@tiptap/react',
      '@tiptap/starter-kit',
      '@tiptap/extension-mention',
      '@tiptap/extension-placeholder',
      '@tiptap/suggestion',
      'react-easy-crop',
      'yet-another-react-lightbox',
      'yet-another-react-lightbox/plugins/counter',
      'yet-another-react-lightbox/plugins/download',
      'yet-another-react-lightbox/plugins/video',
      'yet-another-react-lightbox/plugins/zoom',
      '@zxcvbn-ts/core',
      '@zxcvbn-ts/language-common',
      // The typed Form and Link every page uses (found late, it would make
      // the dev server re-optimise and reload a page under test).
      '@adonisjs/inertia/react',
      // Fetched after the first paint (issue 18 §4): the realtime client,
      // the toasts and Radix's menus, dialogs and tooltips.
      'laravel-echo',
      'pusher-js',
      'sonner',
      'radix-ui',
    ],
  },
  build: {
    // Every page is its own chunk (import.meta.glob); keep vendor code shared.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What nearly every page draws (the UI kit, the shells' common
              // parts, the small helpers, and the icons these use) in one
              // chunk: split automatically, by the set of pages sharing each
              // module, it came as ~40 sub-kilobyte files per page, and as
              // many round trips on a slow network. Radix's heavy parts
              // (components/ui/primitives.tsx) and the avatar menu's items
              // fetched with them (withPrimitives), the offline support
              // (lib/offline.ts) and the service worker's helper (lib/pwa.ts)
              // stay out: fetched later. Taken first (priority), so React and
              // Inertia land here and not in the signed-in shell's chunk.
              name: 'ui',
              priority: 2,
              test: (id) =>
                (/[\\/]inertia[\\/](components[\\/](ui|shell)|lib)[\\/]/.test(id) ||
                  SHARED_HOOKS.test(id)) &&
                !MEMBER_SHELL.test(id) &&
                !/[\\/](primitives\.tsx|user_menu_content\.tsx|pwa\.ts|offline\.ts|offline_copies\.ts|outbox_files\.ts|realtime_client\.ts|resolve_page\.tsx|page_lookup\.ts|notification_row\.tsx|notifications_page\.tsx)$/.test(
                  id
                ),
            },
            {
              // The signed-in shell (menus, bell, team panel, search, live
              // counters): fetched with the member and admin shells, never
              // by the sign-in page.
              name: 'shell',
              priority: 1,
              test: (id) => MEMBER_SHELL.test(id) || SHARED_POST_PARTS.test(id),
            },
            {
              // A feed's cards (the card and its parts, menu, media grid,
              // like button, body, the feed's header and list, and the
              // icons they draw) in one chunk: left to automatic splitting
              // they came as a dozen files of a few hundred bytes each, each
              // with its own gzip overhead and request. The groups take
              // their modules' static imports along; what a card opens
              // (comments, dialogs) stays lazily loaded.
              name: 'feed',
              test: /[\\/]inertia[\\/]components[\\/]posts[\\/](feed_header|feed_list|post_card)\.tsx$/,
            },
          ],
        },
      },
    },
  },
})
