import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { Group } from '@japa/runner/core'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import User from '#models/user'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import type { ApiScope } from '#services/api/scopes'
import { apiRoutes, openApiDocument } from '#services/api/openapi'
import { resetApiRateLimit } from '#middleware/api_auth_middleware'
import { UserFactory } from '#database/factories/user_factory'

/**
 * Shared setup of the public API suites (issue 14): each test in a rolled
 * back transaction with Drive faked (files of the world); tokens made with the real provider (User.accessTokens);
 * every answer checked against the OpenAPI document with a real JSON
 * Schema validator (ajv, draft 2020-12, formats).
 */
export function apiGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
}

export const member = () => UserFactory.create()
export const admin = () => UserFactory.apply('admin').create()
export const external = () => UserFactory.apply('external').create()

/** A personal access token of `user` with `scopes`; returns its secret (`hud_…`) and id. */
export async function tokenFor(
  user: User,
  scopes: ApiScope[] = ['read', 'write'],
  options: { expiresIn?: string | number; name?: string } = {}
) {
  const token = await User.accessTokens.create(user, scopes, {
    name: options.name ?? 'test token',
    expiresIn: options.expiresIn,
  })
  // Ids come back after a rolled back test: start each token's count afresh.
  await resetApiRateLimit(token.identifier as number)
  return { secret: token.value!.release(), id: Number(token.identifier) }
}

const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule
const DOC_ID = 'huddle-openapi'
let ajv: Ajv2020 | null = null

function validator() {
  if (ajv) return ajv
  ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  ajv.addSchema({ ...openApiDocument(), $id: DOC_ID })
  return ajv
}

const pointer = (...segments: string[]) =>
  segments
    .map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1')))
    .join('/')

/**
 * Checks an answer of the API route `name` against the document: its status
 * is one the operation documents, its content type the documented one, and
 * its body matches that response's JSON Schema (304s have no body).
 */
export function assertContract(assert: Assert, response: ApiResponse, name: string) {
  const route = apiRoutes().find((candidate) => candidate.name === name)
  assert.isDefined(route, `no API route named ${name}`)
  const path = route!.pattern.replace(/:(\w+)/g, '{$1}')
  const method = route!.methods[0].toLowerCase()
  const operation = (openApiDocument().paths as any)[path]?.[method]
  assert.isDefined(operation, `${name} is not in the document`)
  const status = String(response.status())
  const documented = operation.responses[status]
  assert.isDefined(documented, `${name}: status ${status} is not documented`)
  if (!documented.content) return
  const type = String(response.header('content-type') ?? '').split(';')[0]
  // A file (the media route): any type, no JSON schema to check.
  if (type !== 'application/problem+json' && documented.content['*/*']) return
  assert.property(documented.content, type, `${name}: content type ${type} is not documented`)
  const validate = validator().compile({
    $ref: `${DOC_ID}#/${pointer('paths', path, method, 'responses', status, 'content', type, 'schema')}`,
  })
  const body = type === 'application/problem+json' ? JSON.parse(response.text()) : response.body()
  const valid = validate(body)
  assert.isTrue(
    valid,
    `${name} ${status} does not match the document: ${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(body).slice(0, 800)}`
  )
}

/** The body of a problem answer (its content type is not JSON to the client). */
export function problemOf(response: ApiResponse) {
  return JSON.parse(response.text()) as {
    type: string
    title: string
    status: number
    detail: string
    errors?: { field: string; message: string; rule: string }[]
  }
}

/** The status check as a function (the lint forbids members of an await expression). */
export function expectStatus(response: ApiResponse, status: number) {
  response.assertStatus(status)
}

export function bodyOf(response: ApiResponse) {
  return response.body()
}

/** Tables a refused API request may still touch (the session store, a token's "last used"). */
export const API_IGNORED = ['sessions', 'auth_access_tokens']

/** The row counts and contents to compare with after a refused request. */
export function snapshotTables() {
  return tableSnapshot(API_IGNORED)
}

/** A problem answer of `status`, as the document describes it; returns its body. */
export function assertProblem(assert: Assert, response: ApiResponse, status: number, name: string) {
  assert.equal(response.status(), status, response.text())
  assert.match(String(response.header('content-type')), /^application\/problem\+json/)
  assertContract(assert, response, name)
  return problemOf(response)
}

/** Nothing was written since `before` (a snapshotTables()). */
export async function nothingWritten(
  assert: Assert,
  before: Awaited<ReturnType<typeof snapshotTables>>
) {
  assert.deepEqual(changedTables(before, await snapshotTables()), [], 'nothing written')
}
