/*
|--------------------------------------------------------------------------
| Edge globals
|--------------------------------------------------------------------------
*/
import app from '@adonisjs/core/services/app'
import edge from 'edge.js'
import { routeManifestJson } from '#services/route_manifest'
import { clientRealtimeConfig } from '#config/realtime'
import { serverPageTitle } from '#services/page_titles'

edge.global('routesJson', () => routeManifestJson())

/** Where the browser's Echo connects (key, host, port, scheme; never the secret). */
edge.global('realtimeJson', () => JSON.stringify(clientRealtimeConfig()).replace(/</g, '\\u003c'))

/** The first answer's <title> (the pages keep it up to date on the client). */
edge.global('pageTitle', (page: { component: string; props?: Record<string, any> }) =>
  serverPageTitle(page, page.props?.team?.abbreviation ?? '')
)

/**
 * Edge lists the component files of every mounted disk again on each
 * `createRenderer()` — that is, on every request, because shield shares
 * its CSRF helpers with `ctx.view` even for JSON answers. The default
 * instance is created before `configure({ cache })`, so its component
 * refresh stays "recurring" in production too (edge.js 6): about 1.7% of a
 * request's CPU in the benchmark profiles, on the disk. In production the
 * views are part of the build and never change: list them once.
 */
if (app.inProduction) {
  const loader = edge.loader
  const listComponents = loader.listComponents.bind(loader)
  let components: ReturnType<typeof listComponents> | undefined
  loader.listComponents = () => (components ??= listComponents())
}
