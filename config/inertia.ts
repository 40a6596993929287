import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'
import viteConfig from '#config/vite'

/**
 * The assets version (Inertia's X-Inertia-Version) of a production build:
 * a hash of its Vite manifest, computed once at boot. Left to the adapter
 * elsewhere, which hashes the manifest again on every request (~5–10% of a
 * signed-in request's CPU in npm run bench:profile) — fine in development,
 * where the manifest changes under a running server.
 */
function builtAssetsVersion() {
  if (!app.inProduction) return undefined
  try {
    const manifest = readFileSync(app.makePath(viteConfig.manifestFile), 'utf8')
    return createHash('md5').update(manifest).digest('hex')
  } catch {
    return undefined
  }
}

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  encryptHistory: false,
  assetsVersion: builtAssetsVersion(),
  ssr: { enabled: false, entrypoint: 'inertia/ssr.tsx' },
})

export default inertiaConfig
