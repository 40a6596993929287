import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { getSettings } from '#services/settings'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'

/** Brand colours (inertia/css/app.css: --primary, --background). */
export const THEME_COLOR = '#4338ca'
export const BACKGROUND_COLOR = '#f6f7f9'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

let builtIcons: { icons: ManifestIcon[]; at: number } | null = null

/**
 * The icons the production build generated from public/favicon.svg
 * (@vite-pwa/assets-generator through vite-plugin-pwa: 64, 192, 512 and a
 * maskable 512) as its manifest lists them; the SVG alone before a build
 * (the dev server).
 */
async function icons(): Promise<ManifestIcon[]> {
  if (builtIcons && (app.inProduction || Date.now() - builtIcons.at < 5_000))
    return builtIcons.icons
  let list: ManifestIcon[] = [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }]
  try {
    const built = JSON.parse(
      await readFile(app.publicPath('build/manifest.webmanifest'), 'utf8')
    ) as { icons?: ManifestIcon[] }
    if (built.icons?.length) {
      list = built.icons.map((icon) => ({
        ...icon,
        src: icon.src.startsWith('/') ? icon.src : `/build/${icon.src}`,
      }))
    }
  } catch {
    // No build yet: the SVG icon.
  }
  builtIcons = { icons: list, at: Date.now() }
  return list
}

/**
 * The installable app (issue 15 §1). GET /manifest.webmanifest: what makes Huddle installable,
 * named after the team (Settings), in the brand's colours, opening on the
 * home feed.
 */
export default class ManifestController {
  /**
   * GET /sw.js: the service worker the build wrote (public/build/sw.js),
   * served from the root so its scope is the whole app; always revalidated,
   * so a new build's worker is picked up on the next visit. 404 before a build.
   */
  async serviceWorker({ response }: HttpContext) {
    let source: Buffer
    try {
      source = await readFile(app.publicPath('build/sw.js'))
    } catch {
      throw new E_NOT_FOUND()
    }
    response.header('content-type', 'text/javascript; charset=utf-8')
    response.header('cache-control', 'no-cache')
    return response.send(source)
  }

  async show({ response }: HttpContext) {
    const settings = await getSettings()
    response.header('content-type', 'application/manifest+json; charset=utf-8')
    response.header('cache-control', 'no-cache')
    return response.send(
      JSON.stringify({
        id: '/',
        name: settings.teamName,
        short_name: (settings.teamAbbreviation || settings.teamName).slice(0, 12),
        description: `${settings.teamName} on Huddle`,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: await icons(),
      })
    )
  }
}
