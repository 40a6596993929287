/**
 * URLs of the server's named routes, from Tuyau's typed route registry
 * (`.adonisjs/client/registry/`, written by `node ace codegen`, bundled with
 * the pages): links never hard-code paths, and the page carries no route list.
 *
 *   route('posts.show', { id: 3 })                → "/posts/3"
 *   route('profiles.show', author)                → reads author.username (the parameter's name)
 *   route('posts.show', [3])                      → parameters in order
 *   route('password.reset', { token }, { email }) → query string appended
 *
 * The name and the parameters are typed by the registry: a misspelt name, a
 * missing parameter or parameters given to a route that takes none fail
 * `npm run typecheck` (tests/types/route_names.ts). At run time `urlFor`
 * throws on an unknown name or a missing parameter; an empty one is
 * refused here.
 */
import { createUrlBuilder, type UrlFor } from '@adonisjs/core/http/url_builder_client'
import type { Tuyau } from '@tuyau/core/client'
import type { RegistryGroupedByMethod } from '@tuyau/core/types'
import { registry } from '#registry'

type Routes = typeof registry.routes

/** The app's route names (`not_found` is the catch-all, never linked to). */
export type RouteName = Exclude<keyof Routes & string, 'not_found'>

/**
 * Tuyau's `urlFor`: what `createTuyau({ registry }).urlFor` is (AdonisJS's
 * client URL builder over the registry's routes), without the HTTP client
 * (ky, 7 kB gzip) that `createTuyau` bundles: pages talk to the server
 * through Inertia.
 */
export const urlFor: UrlFor<RegistryGroupedByMethod<Routes>> = createUrlBuilder(
  () => ({
    root: Object.entries(registry.routes).map(([name, entry]) => ({
      name,
      domain: 'root',
      ...entry,
      tokens: tokensOf(name),
    })),
  }),
  queryString
)

/** A route's pattern split as the server's router splits it (@poppinss/matchit). */
export type RouteToken = { old: string; type: 0 | 1 | 2 | 3; val: string; end: string }

/**
 * The tokens of a route pattern, as the server writes them into the
 * registry: static (0), parameter (1), wildcard (2), optional (3). The
 * build leaves the registry's own copies out of the bundle
 * (`compactRouteRegistry` in vite.config.ts: about 2 KB gzip of every
 * page's first load); tests/unit/client/route_tokens.spec.ts checks that
 * both agree for every route, so a pattern this does not cover (a suffix
 * such as `:id.json`) fails there first.
 */
export function routeTokens(pattern: string): RouteToken[] {
  if (pattern === '/') return [{ old: pattern, type: 0, val: '/', end: '' }]
  return pattern
    .replace(/^\/|\/$/g, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return { old: pattern, type: 2, val: '*', end: '' }
      if (!segment.startsWith(':')) return { old: pattern, type: 0, val: segment, end: '' }
      const optional = segment.endsWith('?')
      return {
        old: pattern,
        type: optional ? 3 : 1,
        val: segment.slice(1, optional ? -1 : undefined),
        end: '',
      }
    })
}

const tokensByName = new Map<string, RouteToken[]>()
function tokensOf(name: string) {
  let tokens = tokensByName.get(name)
  if (!tokens) {
    tokens = routeTokens(registry.routes[name as RouteName].pattern)
    tokensByName.set(name, tokens)
  }
  return tokens
}

type Params<Name extends RouteName> = Routes[Name]['types']['params']
type ParamsTuple<Name extends RouteName> = Routes[Name]['types']['paramsTuple']

type QueryValue = string | number | boolean | null | undefined
/** Query string: nullish values are left out, arrays become `key[]=a&key[]=b`. */
export type RouteQuery = Record<string, QueryValue | QueryValue[]>

/** A route without parameters takes none; one with parameters needs them all. */
export type RouteArgs<Name extends RouteName> = [keyof Params<Name>] extends [never]
  ? [params?: undefined, query?: RouteQuery]
  : [params: Params<Name> | ParamsTuple<Name>, query?: RouteQuery]

export function route<Name extends RouteName>(name: Name, ...[params, query]: RouteArgs<Name>) {
  refuseEmptyParams(name, params)
  const build = urlFor as (name: string, params?: object, options?: { qs?: RouteQuery }) => string
  return build(name, params, query ? { qs: query } : undefined)
}

/**
 * The client that @adonisjs/inertia's Form and Link (`<Form route="session.store">`,
 * `<Link route="posts.show" routeParams={{ id }}>`) take from TuyauProvider
 * (inertia/app.tsx). Of Tuyau's client they read two members:
 * getRoute(name).methods (the form's or link's method) and urlFor(name,
 * params, { qs }) (its URL). Both answer here from the registry through
 * route() (the same URLs, empty parameters refused), instead of a
 * createTuyau client and its HTTP client (ky) that pages do not use.
 * tests/unit/client/route_client.spec.ts renders both components with it.
 */
export const routeClient = {
  urlFor: (name: string, params?: object, options?: { qs?: RouteQuery }) =>
    buildUrl(name, params, options?.qs),
  getRoute: (name: string, args?: { params?: object }) => ({
    url: buildUrl(name, args?.params),
    methods: registry.routes[name as RouteName].methods,
  }),
} as unknown as Tuyau<typeof registry>

function buildUrl(name: string, params?: object, query?: RouteQuery) {
  return (route as (name: string, params?: object, query?: RouteQuery) => string)(
    name,
    params,
    query
  )
}

/** Query string: nullish values are left out, arrays become `key[]=a&key[]=b`. */
function queryString(query: RouteQuery) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined && item !== null) search.append(`${key}[]`, String(item))
      }
    } else if (value !== undefined && value !== null) {
      search.append(key, String(value))
    }
  }
  return search.toString()
}

/**
 * An empty string for a required parameter (`/u/` for a person without a
 * username) is refused like a missing one, instead of linking elsewhere.
 */
function refuseEmptyParams(name: string, params: object | undefined) {
  if (!params || !Object.hasOwn(registry.routes, name)) return
  const dynamic = tokensOf(name).filter((token) => token.type !== 0)
  dynamic.forEach((token, index) => {
    const value = Array.isArray(params)
      ? params[index]
      : (params as Record<string, unknown>)[token.val]
    if (token.type === 1 && value === '') {
      throw new Error(`Cannot make URL for "${name}". Empty value for the "${token.val}" param`)
    }
  })
}

/**
 * Whether the server has this route. Only for routes still to come (menus
 * listing the admin back office's pages): every RouteName exists.
 */
export function hasRoute(name: string): name is RouteName {
  return Object.hasOwn(registry.routes, name)
}
