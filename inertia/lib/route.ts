/**
 * Client route helper: builds URLs from the server's named routes (embedded
 * in the page as JSON by the layout), so links never hard-code paths.
 *
 *   route('users.approve', { id: 3 })            → "/admin/externals/3/approve"
 *   route('users.approve', user)                 → uses user.id (the binding key)
 *   route('password.reset', { token }, { email }) → query string appended
 *
 * Errors are explicit: an unknown route name, a missing required parameter,
 * a value not matching the parameter's format, or an object lacking the
 * parameter's binding key.
 */
import type { ScannedRoutes } from '~generated/routes'

/**
 * The app's route names, from the route types `node ace codegen` writes
 * (.adonisjs/server/routes.d.ts): a misspelt name fails `npm run typecheck`.
 */
export type RouteName = Exclude<keyof ScannedRoutes['ALL'], 'not_found'>

export type ClientRoute = {
  pattern: string
  methods: string[]
  params: { name: string; optional: boolean; match: string | null }[]
}
export type RouteManifest = Record<string, ClientRoute>
/** A value, or an object (a model) from which the parameter's binding key is read. */
type ParamValue = string | number | object
export type RouteParams = Record<string, ParamValue | undefined> | ParamValue | ParamValue[]

export class RouteError extends Error {
  constructor(
    message: string,
    public code: 'E_UNKNOWN_ROUTE' | 'E_MISSING_PARAM' | 'E_PARAM_FORMAT' | 'E_MISSING_BINDING_KEY'
  ) {
    super(message)
    this.name = 'RouteError'
  }
}

let manifest: RouteManifest | null = null

export function setRouteManifest(routes: RouteManifest) {
  manifest = routes
}

/** The page's document, typed loosely: this module also runs in Node (unit tests). */
type ManifestHost = { getElementById(id: string): { textContent: string | null } | null }

function loadManifest(): RouteManifest {
  if (manifest) return manifest
  const doc = (globalThis as { document?: ManifestHost }).document
  const el = doc ? doc.getElementById('huddle-routes') : null
  manifest = el?.textContent ? (JSON.parse(el.textContent) as RouteManifest) : {}
  return manifest
}

/** The key read from an object passed as a parameter: `id` for `:id`, else the parameter's own name. */
export function bindingKey(param: string) {
  return param
}

function normalise(def: ClientRoute, name: string, params: RouteParams | undefined) {
  if (params === undefined || params === null) return {}
  if (Array.isArray(params)) {
    return Object.fromEntries(def.params.map((p, i) => [p.name, params[i]]))
  }
  if (typeof params !== 'object' || (def.params.length === 1 && !(def.params[0].name in params))) {
    if (def.params.length === 0) {
      throw new RouteError(`Route "${name}" takes no parameters`, 'E_PARAM_FORMAT')
    }
    return { [def.params[0].name]: params as ParamValue }
  }
  return params as Record<string, ParamValue | undefined>
}

function paramValue(name: string, param: string, value: ParamValue): string {
  if (typeof value === 'object') {
    const key = bindingKey(param)
    const bound = (value as Record<string, unknown>)[key]
    if (bound === undefined || bound === null || bound === '') {
      throw new RouteError(
        `Route "${name}": the object given for parameter "${param}" has no "${key}" key`,
        'E_MISSING_BINDING_KEY'
      )
    }
    return String(bound)
  }
  return String(value)
}

type QueryValue = string | number | boolean | null | undefined
export type RouteQuery = Record<string, QueryValue | QueryValue[]>

export function route(name: RouteName, params?: RouteParams, query?: RouteQuery) {
  const routes = loadManifest()
  const def = Object.hasOwn(routes, name) ? routes[name] : undefined
  if (!def) throw new RouteError(`Route "${name}" is not in the route list`, 'E_UNKNOWN_ROUTE')

  const values = normalise(def, name, params)
  let url = def.pattern
  for (const param of def.params) {
    const raw = values[param.name]
    if (raw === undefined || raw === null || raw === '') {
      if (param.optional) {
        url = url.replace(new RegExp(`/:${param.name}\\?`), '')
        continue
      }
      throw new RouteError(
        `Route "${name}" requires the parameter "${param.name}"`,
        'E_MISSING_PARAM'
      )
    }
    const value = paramValue(name, param.name, raw)
    if (param.match && !new RegExp(`^(?:${param.match.replace(/^\^|\$$/g, '')})$`).test(value)) {
      throw new RouteError(
        `Route "${name}": parameter "${param.name}" does not match the required format ${param.match} (got "${value}")`,
        'E_PARAM_FORMAT'
      )
    }
    url = url.replace(new RegExp(`:${param.name}\\??`), encodeURIComponent(value))
  }

  const qs = queryString(query)
  return qs ? `${url}?${qs}` : url
}

/** Query string: nullish values are left out, arrays become `key[]=a&key[]=b`. */
function queryString(query: RouteQuery | undefined) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) search.append(`${key}[]`, String(item))
    } else if (value !== undefined && value !== null) {
      search.append(key, String(value))
    }
  }
  return search.toString()
}

/**
 * Whether the server has this route. Only for routes still to come (menus
 * listing the admin back office's pages): every RouteName exists.
 */
export function hasRoute(name: string): name is RouteName {
  return Object.hasOwn(loadManifest(), name)
}
