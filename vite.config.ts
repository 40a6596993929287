import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { constants as zlib } from 'node:zlib'

// Under `npm test` the dev server runs in-process for the browser suite:
// no file watching or hot reload, so an edit made while tests run cannot
// reload a page in the middle of a test.
const testing = process.env.NODE_ENV === 'test'

export default defineConfig({
  server: testing ? { hmr: false, watch: null } : undefined,
  cacheDir: testing ? 'node_modules/.vite-test' : undefined,
  plugins: [
    react(),
    tailwindcss(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      reload: ['resources/views/**/*.edge'],
      // Must match config/vite.ts: assets are served from /build/ (PRODUCT §2).
      buildDirectory: 'public/build',
      assetsUrl: '/build',
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
    },
  },
  /**
   * Pre-bundle the lazily loaded editor, cropper and lightbox up front: on a
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
    ],
  },
  build: {
    // Every page is its own chunk (import.meta.glob); keep vendor code shared.
    chunkSizeWarningLimit: 300,
  },
})
