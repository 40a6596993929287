import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { ROUTE_MATRIX, type Outcome } from './route_matrix.js'
import {
  ACTORS,
  appRoutes,
  isolated,
  requestAs,
  urlFor,
  useSeededWorld,
  type Actor,
  type RouteInfo,
} from '#tests/helpers/security'

/**
 * T1 (SECURITY.md §5, ASVS 8.2.1 / 8.3.1): every route × every actor gives
 * the answer route_matrix.ts expects. Each request runs in its own rolled
 * back transaction, so one actor's writes never change another's answer.
 */
function describe(response: ApiResponse) {
  const status = response.status()
  const location = response.header('location')
  if (location) return `${status} → ${new URL(location, 'http://app.test').pathname}`
  const component = (response.body() as { component?: string } | undefined)?.component
  return component ? `${status} ${component}` : `${status}`
}

function matches(response: ApiResponse, expected: Outcome, inertia: boolean) {
  const status = response.status()
  if ('redirect' in expected) {
    if (![301, 302, 303, 307].includes(status)) return false
    if (expected.redirect === '*') return true
    return (
      new URL(response.header('location') ?? '', 'http://app.test').pathname === expected.redirect
    )
  }
  if (status !== expected.status) return false
  if (inertia && expected.page)
    return (response.body() as { component?: string })?.component === expected.page
  return true
}

function show(outcome: Outcome) {
  if ('redirect' in outcome) return `redirect → ${outcome.redirect}`
  return `${outcome.status}${outcome.page ? ` ${outcome.page}` : ''}`
}

test.group('Security / T1 route access matrix', (group) => {
  const world = useSeededWorld(group)

  test('every route has an entry in route_matrix.ts', ({ assert }) => {
    const missing = appRoutes()
      .filter((route) => !(route.name in ROUTE_MATRIX))
      .map((route) => `${route.name} (${route.methods.join(',')} ${route.pattern})`)
    assert.deepEqual(
      missing,
      [],
      `Routes without an expected outcome per actor in route_matrix.ts:\n${missing.join('\n')}`
    )
  })

  test('route_matrix.ts has no entry for a route that no longer exists', ({ assert }) => {
    const names = new Set(appRoutes().map((route) => route.name))
    assert.deepEqual(
      Object.keys(ROUTE_MATRIX).filter((name) => !names.has(name)),
      []
    )
  })

  test('{name} answers every actor as the matrix expects')
    .with(() => appRoutes().filter((route) => route.name in ROUTE_MATRIX))
    .run(async ({ client, assert }, route: RouteInfo) => {
      const entry = ROUTE_MATRIX[route.name]
      const mismatches: string[] = []
      for (const method of route.methods) {
        if (method === 'OPTIONS') continue
        const read = method === 'GET'
        for (const actor of ACTORS) {
          const expected = entry.expect[actor as Actor]
          const response = await isolated(async () => {
            let request = requestAs(client, method, urlFor(route, world), actor, world)
            if (read) request = request.withInertia()
            else request = request.withCsrfToken().form(entry.body ?? {})
            return request
          })
          assert.isBelow(
            response.status(),
            500,
            `${method} ${route.pattern} as ${actor} answered ${response.status()}`
          )
          if (!matches(response, expected, read)) {
            mismatches.push(
              `${method} as ${actor}: expected ${show(expected)}, got ${describe(response)}`
            )
          }
        }
      }
      assert.deepEqual(mismatches, [], `${route.name}:\n${mismatches.join('\n')}`)
    })
})
