import { rm, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import {
  ACTORS,
  appRoutes,
  isolated,
  requestAs,
  urlFor,
  useSeededWorld,
} from '#tests/helpers/security'

/**
 * T9 (SECURITY.md §5, ASVS 3.4.x): security headers on every response:
 * every GET route as every actor (HTML and Inertia JSON), unknown URLs,
 * files from public/, Vite assets and errors raised before the router
 * middleware (body too large) or by shield (CSRF).
 */
const ONE_YEAR = 31_536_000

function headerProblems(response: ApiResponse) {
  const problems: string[] = []
  const csp = response.header('content-security-policy') ?? ''
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values] as const)
  )
  if (!csp) problems.push('no Content-Security-Policy')
  else {
    if (directives.get('object-src')?.join(' ') !== "'none'")
      problems.push(`object-src is not 'none' (${csp})`)
    if (directives.get('base-uri')?.join(' ') !== "'none'")
      problems.push(`base-uri is not 'none' (${csp})`)
    const ancestors = directives.get('frame-ancestors')
    if (!ancestors || ancestors.some((source) => source === '*'))
      problems.push(`frame-ancestors missing or open (${csp})`)
  }
  if (response.header('x-content-type-options') !== 'nosniff')
    problems.push('X-Content-Type-Options is not nosniff')
  if (response.header('referrer-policy') !== 'strict-origin-when-cross-origin') {
    problems.push(`Referrer-Policy is ${response.header('referrer-policy')}`)
  }
  if (!/camera=\(\)/.test(response.header('permissions-policy') ?? ''))
    problems.push('no Permissions-Policy')
  const maxAge = Number(
    (response.header('strict-transport-security') ?? '').match(/max-age=(\d+)/)?.[1] ?? 0
  )
  if (maxAge < ONE_YEAR) problems.push(`HSTS max-age ${maxAge} < ${ONE_YEAR}`)
  return problems
}

test.group('Security / T9 security headers', (group) => {
  const world = useSeededWorld(group)

  test('every GET route, as every actor, in HTML and as Inertia JSON, carries the security headers', async ({
    client,
    assert,
  }) => {
    const problems: string[] = []
    let checked = 0
    for (const route of appRoutes().filter((r) => r.methods.includes('GET'))) {
      for (const actor of ACTORS) {
        for (const inertia of [false, true]) {
          const response = await isolated(() => {
            const request = requestAs(client, 'GET', urlFor(route, world), actor, world)
            return inertia ? request.withInertia() : request
          })
          checked++
          for (const problem of headerProblems(response)) {
            problems.push(
              `GET ${route.pattern} as ${actor}${inertia ? ' (Inertia)' : ''} → ${response.status()}: ${problem}`
            )
          }
        }
      }
    }
    assert.isAbove(checked, 40)
    assert.deepEqual(problems, [])
  })

  test('an unknown URL (404) carries the security headers', async ({ client, assert }) => {
    const response = await client.get('/definitely/not/a/page').redirects(0)
    response.assertStatus(404)
    assert.deepEqual(headerProblems(response), [])
  })

  test('a file served from public/ carries the security headers', async ({
    client,
    assert,
    cleanup,
  }) => {
    const file = app.publicPath('t9-header-probe.txt')
    await writeFile(file, 'probe')
    cleanup(() => rm(file, { force: true }))
    const response = await client.get('/t9-header-probe.txt')
    response.assertStatus(200)
    assert.equal(response.text(), 'probe')
    assert.deepEqual(headerProblems(response), [])
  })

  test('a script served by Vite carries the security headers', async ({ client, assert }) => {
    const response = await client.get('/@vite/client')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /javascript/)
    assert.deepEqual(headerProblems(response), [])
  })

  test('a body over the size limit (refused before the router middleware) carries the security headers', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/login').form({ bio: 'x'.repeat(1024 * 1024 + 10) })
    response.assertStatus(413)
    assert.deepEqual(headerProblems(response), [])
  })

  test('a request refused by CSRF protection carries the security headers', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/login').form({ uid: 'a', password: 'b' }).redirects(0)
    response.assertStatus(403)
    assert.deepEqual(headerProblems(response), [])
  })
})
