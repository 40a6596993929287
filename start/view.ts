/*
|--------------------------------------------------------------------------
| Edge globals
|--------------------------------------------------------------------------
*/
import app from '@adonisjs/core/services/app'
import edge from 'edge.js'
import { clientRealtimeConfig, type PageRequest } from '#config/realtime'
import { scriptJson } from '#services/script_json'
import { serverPageTitle } from '#services/page_titles'

/**
 * Where the browser's Echo connects (key, host, port, scheme; never the
 * secret), for the request the page is served for (`request` is shared with
 * every view).
 */
edge.global('realtimeJson', (request: PageRequest) => scriptJson(clientRealtimeConfig(request)))

/**
 * The Inertia page object and its mount element, in place of the `@inertia`
 * tag of @adonisjs/inertia, which only escapes `/`: a name such as
 * `Ana <!--<script` blanked every page listing it. Same markup (`data-page`
 * script + `<div id="app">`), with the page JSON escaped by scriptJson.
 * Server-side rendering is off (config/inertia.ts).
 */
edge.global(
  'inertiaRoot',
  (page: unknown) =>
    `<script data-page="app" type="application/json">${scriptJson(page)}</script><div id="app"></div>`
)

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
