import router from '@adonisjs/core/services/router'
import type { Router } from '@adonisjs/core/http'

export interface ClientRoute {
  pattern: string
  methods: string[]
  params: { name: string; optional: boolean; match: string | null }[]
}
export type RouteManifest = Record<string, ClientRoute>

/** Route token types of the matcher: 1 = ":param", 3 = ":param?" (0 static, 2 wildcard). */
const PARAM = 1
const OPTIONAL_PARAM = 3

/** Named routes the client never links to. */
const HIDDEN_ROUTES = new Set(['not_found'])

let cached: string | null = null

/**
 * The named routes as the client route helper needs them (inertia/lib/route.ts):
 * pattern, methods and each parameter's format (its matcher's regular
 * expression). Embedded in the HTML as JSON data, never executed, so the
 * CSP stays strict.
 */
export function routeManifest(source: Pick<Router, 'toJSON'> = router): RouteManifest {
  const manifest: RouteManifest = {}
  for (const routes of Object.values(source.toJSON())) {
    for (const route of routes) {
      if (!route.name || HIDDEN_ROUTES.has(route.name)) continue
      manifest[route.name] = {
        pattern: route.pattern,
        methods: route.methods.filter((method) => method !== 'HEAD'),
        params: route.tokens
          .filter((token) => token.type === PARAM || token.type === OPTIONAL_PARAM)
          .map((token) => ({
            name: token.val,
            optional: token.type === OPTIONAL_PARAM,
            match: route.matchers[token.val]?.match?.source ?? null,
          })),
      }
    }
  }
  return manifest
}

/** JSON safe inside a <script type="application/json"> element (no "</script>" break-out). */
export function manifestJson(manifest: RouteManifest) {
  return JSON.stringify(manifest).replace(/</g, '\\u003c')
}

/** The page's embedded manifest, computed once per process (routes do not change at run time). */
export function routeManifestJson() {
  cached ??= manifestJson(routeManifest())
  return cached
}
