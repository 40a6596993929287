import router from '@adonisjs/core/services/router'
import type { Route } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import { middleware } from '#start/kernel'
import { API_SCHEMAS } from '#services/api/schemas'
import { API_PREFIX, type ApiScope } from '#services/api/scopes'

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the router and the
 * VineJS validators (issue 14 §OpenAPI): nothing is written twice.
 * - paths and methods: every route of the router under /api/v1;
 * - parameters and request bodies: `validator.toJSONSchema()` of the very
 *   validators the controllers run (query strings and JSON bodies);
 * - what a route does, its scope and its answers: `documented()` next to the
 *   route in start/routes/api.ts, which also puts the token check (with
 *   that scope) on it, so the documented scope is the enforced one;
 * - answer shapes: app/services/api/schemas.ts.
 * A route without a description is listed without one, and
 * tests/functional/api/openapi.spec.ts fails.
 */
type AnyValidator = VineValidator<any, any>

export interface ApiOperation {
  summary: string
  description: string
  tag:
    | 'Account'
    | 'People'
    | 'Feeds'
    | 'Posts'
    | 'Comments'
    | 'Likes'
    | 'Notifications'
    | 'Search'
    | 'Messages'
    | 'Albums'
    | 'Media'
    | 'Admin'
  /** The token scope the route requires (enforced by apiAuth). */
  scope: ApiScope
  /** Validator of the query string (its fields become query parameters). */
  query?: AnyValidator
  /** Validator of the JSON body. */
  body?: AnyValidator
  /** Files accepted as multipart/form-data beside the body's fields. */
  files?: { field: string; max: number; description: string }
  /**
   * Success status → component schema name; `binary`: the answer is a file
   * (its own content type, Range requests, no JSON schema).
   */
  /** The success answer; 204 has no body (so no schema). */
  ok:
    | { status: 200 | 201; schema: string; description: string; binary?: boolean }
    | { status: 204; schema?: undefined; description: string; binary?: undefined }
  /** Error statuses this route may answer besides 401/403/429. */
  errors?: number[]
  /** Reads answer an ETag and honour If-None-Match. */
  etag?: boolean
  /**
   * A create that honours the `Idempotency-Key` header (the web app's
   * idempotency service): a replay answers the first result.
   */
  idempotent?: boolean
}

const operations = new Map<string, ApiOperation>()

/**
 * Documents a named API route and puts the token check on it, with the
 * documented scope:
 *   documented(router.get('/me', …).as('api.me'), { summary, …, scope: 'read' })
 */
export function documented(route: Route, operation: ApiOperation) {
  const name = route.getName()
  if (!name)
    throw new Error(`API route ${route.getPattern()} needs a name (.as()) to be documented`)
  operations.set(name, operation)
  route.use(middleware.apiAuth({ scope: operation.scope }))
  return route
}

/** The documentation of a route, if any (tests). */
export function operationOf(name: string) {
  return operations.get(name)
}

type JsonSchema = Record<string, any>

function validatorSchema(validator: AnyValidator): JsonSchema {
  const schema = validator.toJSONSchema() as JsonSchema
  delete schema.$schema
  return schema
}

function queryParameters(validator: AnyValidator) {
  const schema = validatorSchema(validator)
  const required = new Set<string>(schema.required ?? [])
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      description:
        name === 'cursor'
          ? 'Where the page starts: take it from the previous page’s `links.next`.'
          : name,
      schema: property,
    })
  )
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
})

const ERROR_TEXT: Record<number, string> = {
  400: 'A malformed request (a cursor that is not one, a body that is not JSON).',
  401: 'No token, or one that is unknown, revoked or expired; or its account cannot be used.',
  403: 'The token lacks the scope, or the rules of the app do not allow this.',
  404: 'Nothing there, or nothing the token’s owner may see.',
  409: 'A conflict: the post is not published yet, or this was done already (see `detail`).',
  416: 'The Range cannot be satisfied (`Content-Range: bytes */<size>`).',
  422: 'Validation failed: `errors` lists a message per field.',
  429: 'Too many requests: see `Retry-After`.',
}

const RATE_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests the token may make per window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in this window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer' },
  },
}

const PATH_PARAMS: Record<string, { description: string; schema: JsonSchema }> = {
  username: { description: 'A username.', schema: { type: 'string' } },
  type: {
    description: 'What was reported: `post` (then `id` is the post’s) or `user` (a person’s id).',
    schema: { type: 'string', enum: ['post', 'user'] },
  },
  variant: {
    description:
      'Which file: `original` (as uploaded), `display` (a resized WebP image), `thumb` (a small WebP).',
    schema: { type: 'string', enum: ['original', 'display', 'thumb'] },
  },
}

const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of your choice (8 to 100 letters, digits, `-`, `_`), unique per request you mean: sending the same request again with the same key (after a timeout, say) creates nothing new and answers the first result again, with `Idempotent-Replayed: true`.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
}

function okResponse(op: ApiOperation) {
  const headers: Record<string, unknown> = {
    ...RATE_HEADERS,
    ...(op.etag ? { ETag: { schema: { type: 'string' } } } : {}),
  }
  if (op.idempotent) {
    headers['Idempotent-Replayed'] = {
      description: '`true` when this answers a replay of an earlier request with the same key.',
      schema: { type: 'string', enum: ['true'] },
    }
  }
  if (op.ok.binary) {
    return {
      description: op.ok.description,
      headers: {
        ...headers,
        'Content-Type': { description: 'The file’s type.', schema: { type: 'string' } },
        'Accept-Ranges': { schema: { type: 'string', enum: ['bytes'] } },
      },
      content: {
        '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    }
  }
  if (op.ok.status === 204) return { description: op.ok.description, headers }
  return {
    description: op.ok.description,
    headers,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.ok.schema}` } } },
  }
}

function operationObject(name: string, method: string, pattern: string, op?: ApiOperation) {
  const pathParams = [...pattern.matchAll(/:(\w+)/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    description: PATH_PARAMS[param]?.description ?? 'An id.',
    schema: PATH_PARAMS[param]?.schema ?? { type: 'string', pattern: '^[1-9][0-9]*$' },
  }))
  if (!op) {
    return {
      operationId: name.replace(/^api\./, '').replace(/\./g, '_'),
      parameters: pathParams,
      responses: {},
    }
  }
  const parameters = [...pathParams, ...(op.query ? queryParameters(op.query) : [])]
  if (op.etag) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of a previous answer: 304 when nothing changed.',
      schema: { type: 'string' },
    } as any)
  }
  if (op.ok.binary) {
    parameters.push({
      name: 'Range',
      in: 'header',
      required: false,
      description: 'One byte range (`bytes=0-1023`): a 206 with that part.',
      schema: { type: 'string' },
    } as any)
  }
  if (op.idempotent) parameters.push(IDEMPOTENCY_PARAMETER as any)
  const responses: Record<string, unknown> = { [op.ok.status]: okResponse(op) }
  if (op.ok.binary) {
    responses['206'] = {
      description: 'The requested part of the file (`Content-Range`).',
      content: {
        '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    }
  }
  if (op.etag) responses['304'] = { description: 'Not modified (If-None-Match matched).' }
  for (const status of [...new Set([401, 403, 429, ...(op.errors ?? [])])].sort()) {
    responses[status] = problem(ERROR_TEXT[status] ?? 'An error.')
  }
  const operation: Record<string, unknown> = {
    operationId: name.replace(/^api\./, '').replace(/\./g, '_'),
    summary: op.summary,
    description: `${op.description}\n\nScope: \`${op.scope}\`.`,
    tags: [op.tag],
    security: [{ bearerAuth: [op.scope] }],
    parameters,
    responses,
  }
  if (op.body) {
    const schema = validatorSchema(op.body)
    const content: Record<string, unknown> = { 'application/json': { schema } }
    if (op.files) {
      content['multipart/form-data'] = {
        schema: {
          ...schema,
          properties: {
            ...schema.properties,
            [op.files.field]: {
              type: 'array',
              maxItems: op.files.max,
              description: op.files.description,
              items: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
        },
      }
    }
    operation.requestBody = { required: true, content }
  }
  void method
  return operation
}

/** Every route of the router under /api/v1 (HEAD folded into GET). */
export function apiRoutes() {
  const found: { name: string; pattern: string; methods: string[] }[] = []
  for (const list of Object.values(router.toJSON())) {
    for (const route of list) {
      if (!route.pattern.startsWith(`${API_PREFIX}/`)) continue
      if (route.pattern.includes('*')) continue
      found.push({
        name: route.name ?? `${route.methods.join('|')} ${route.pattern}`,
        pattern: route.pattern,
        methods: route.methods.filter((method) => method !== 'HEAD'),
      })
    }
  }
  return found
}

/** Routes of the API that are not operations of it (the document itself). */
const UNDOCUMENTED = new Set(['api.openapi'])

let cached: JsonSchema | null = null

export function openApiDocument(): JsonSchema {
  if (cached) return cached
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of apiRoutes()) {
    if (UNDOCUMENTED.has(route.name)) continue
    const path = route.pattern.replace(/:(\w+)/g, '{$1}')
    paths[path] ??= {}
    for (const method of route.methods) {
      paths[path][method.toLowerCase()] = operationObject(
        route.name,
        method,
        route.pattern,
        operations.get(route.name)
      )
    }
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Huddle API',
      version: '1.0.0',
      summary: 'The public JSON API of a Huddle team.',
      description:
        'Another door to the same rooms as the web app: the same rules, visibility and limits.\n\n' +
        '- Authentication: a personal access token (Profile → API tokens) in `Authorization: Bearer <token>`; no cookies, no CSRF.\n' +
        '- Scopes: `read` (GET), `write` (changes), `admin`.\n' +
        '- Ids are strings; timestamps ISO 8601.\n' +
        '- Lists are pages with `links.next` (keyset cursors).\n' +
        '- Errors are RFC 9457 problem details (`application/problem+json`).\n' +
        '- Each token has a rate limit (`RateLimit-*` headers; `Retry-After` on 429).\n' +
        '- Reads carry an `ETag`; send it back in `If-None-Match` for a 304.',
    },
    // Relative: the Huddle that serves this document (each team hosts its own).
    servers: [{ url: '/', description: 'This Huddle' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Account', description: 'The token’s owner.' },
      { name: 'People', description: 'People of the team.' },
      { name: 'Feeds', description: 'Lists of posts.' },
      { name: 'Posts', description: 'Reading and writing posts.' },
      { name: 'Comments', description: 'Comments of a post.' },
      { name: 'Likes', description: 'Liking and unliking posts.' },
      { name: 'Notifications', description: 'The owner’s notifications.' },
      { name: 'Search', description: 'Finding people and posts.' },
      { name: 'Messages', description: 'The owner’s private conversations.' },
      { name: 'Albums', description: 'The files of the owner’s own posts.' },
      { name: 'Media', description: 'Downloading a file of a post, comment or message.' },
      {
        name: 'Admin',
        description: 'The back office: a token with the `admin` scope of an admin account.',
      },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token (`hud_…`), created in Profile → API tokens.',
        },
      },
      schemas: API_SCHEMAS,
    },
  }
  return cached
}
