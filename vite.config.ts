import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
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
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
    },
  },
  build: {
    // Every page is its own chunk (import.meta.glob); keep vendor code shared.
    chunkSizeWarningLimit: 300,
  },
})
