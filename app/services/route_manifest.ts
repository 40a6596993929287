import router from '@adonisjs/core/services/router'

export interface ClientRoute {
  pattern: string
  methods: string[]
  params: { name: string; optional: boolean; match: string | null }[]
}

let cached: string | null = null

/**
 * The named routes as the client route helper needs them (inertia/lib/route.ts):
 * pattern, methods and each parameter's format. Computed once; embedded in
 * the HTML as JSON data (never executed, so CSP stays strict).
 */
export function routeManifest(): Record<string, ClientRoute> {
  const manifest: Record<string, ClientRoute> = {}
  for (const routes of Object.values(router.toJSON())) {
    for (const route of routes) {
      if (!route.name || route.name === 'not_found') continue
      manifest[route.name] = {
        pattern: route.pattern,
        methods: route.methods.filter((m) => m !== 'HEAD'),
        params: route.tokens
          .filter((token) => token.type === 1 || token.type === 3)
          .map((token) => ({
            name: token.val,
            optional: token.type === 3,
            match: route.matchers[token.val]?.match?.source ?? null,
          })),
      }
    }
  }
  return manifest
}

/** JSON safe to place inside a <script type="application/json"> element. */
export function routeManifestJson() {
  cached ??= JSON.stringify(routeManifest()).replace(/</g, '\\u003c')
  return cached
}
