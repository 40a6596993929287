import { readdirSync, readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import {
  actorReaching,
  appRoutes,
  isolated,
  requestAs,
  urlFor,
  useSeededWorld,
  type RouteInfo,
} from '#tests/helpers/security'

/**
 * T3 (SECURITY.md §5, ASVS 2.2.1): garbage bodies on every state-changing
 * route, sent as the actor who gets past the route's middleware to its
 * validation. Never a 5xx; a request refused by validation writes nothing.
 */

/** Every field name a validator declares, plus the usual form fields. */
function fieldNames() {
  const names = new Set([
    'uid',
    'password',
    'password_confirmation',
    'passwordConfirmation',
    'current_password',
    'currentPassword',
    'email',
    'fullName',
    'username',
    'bio',
    'token',
    'reason',
    'remember',
    'invite',
    'teamName',
    'teamAbbreviation',
    'teamDomains',
    'registrationMode',
  ])
  const dir = app.makePath('app/validators')
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(`${dir}/${file}`, 'utf8').matchAll(
      /^\s+([A-Za-z_]\w*)\s*:\s*vine\./gm
    )) {
      names.add(match[1])
    }
  }
  return [...names]
}

const HUGE = 'x'.repeat(100 * 1024)
const every = (value: unknown) => Object.fromEntries(fieldNames().map((name) => [name, value]))
/** 100 kB in every n-th field: at most 7 fields per body, so it stays under the 1 MB limit. */
const hugeSlice = (slice: number) =>
  Object.fromEntries(
    fieldNames()
      .filter((_, index) => index % 3 === slice)
      .slice(0, 7)
      .map((name) => [name, HUGE])
  )
const rawForm = (encodedValue: string) =>
  fieldNames()
    .map((name) => `${name}=${encodedValue}`)
    .join('&')

/** Bounded set of bad bodies (17 per route and method). */
const CASES: { label: string; apply: (request: ApiRequest) => ApiRequest; status?: number }[] = [
  { label: 'empty form', apply: (r) => r.form({}) },
  { label: '100 kB strings (1/3)', apply: (r) => r.form(hugeSlice(0)) },
  { label: '100 kB strings (2/3)', apply: (r) => r.form(hugeSlice(1)) },
  { label: '100 kB strings (3/3)', apply: (r) => r.form(hugeSlice(2)) },
  {
    label: 'body over the 1 MB limit',
    apply: (r) => r.form({ bio: 'x'.repeat(1024 * 1024 + 10) }),
    status: 413,
  },
  { label: 'arrays instead of strings', apply: (r) => r.form(every(['a', 'b'])) },
  { label: 'nested objects', apply: (r) => r.form(every({ a: { b: { c: 'd' } } })) },
  { label: 'NUL bytes', apply: (r) => r.unsafeForm(rawForm('abc%00def%00')) },
  {
    label: 'lone surrogate (invalid UTF-8 bytes)',
    apply: (r) => r.unsafeForm(rawForm('%ED%A0%80x%FF')),
  },
  { label: 'broken percent-encoding', apply: (r) => r.unsafeForm(rawForm('%E0%A4%A')) },
  {
    label: 'prototype pollution keys',
    apply: (r) =>
      r.unsafeForm('__proto__[role]=admin&constructor[prototype][role]=admin&uid[__proto__]=x'),
  },
  { label: 'JSON wrong types', apply: (r) => r.json(every(1e308)) },
  {
    label: 'JSON nulls and booleans',
    apply: (r) => r.json({ ...every(null), remember: 'yes', teamDomains: true }),
  },
  {
    label: 'JSON lone surrogate',
    apply: (r) =>
      r.unsafeJson(
        `{${fieldNames()
          .map((name) => `"${name}":"\\ud800x"`)
          .join(',')}}`
      ),
  },
  { label: 'JSON operator objects', apply: (r) => r.json(every({ $gt: '', $ne: null })) },
  { label: 'JSON array body', apply: (r) => r.unsafeJson('[1,2,3]') },
  { label: 'malformed JSON', apply: (r) => r.unsafeJson('{"uid": "a", "password": ') },
]

const writeRoutes = () =>
  appRoutes().filter((route) => route.methods.some((m) => !['GET', 'OPTIONS'].includes(m)))

test.group('Security / T3 bad input never causes a 5xx', (group) => {
  const world = useSeededWorld(group)

  test('{name} refuses garbage bodies with a 4xx or a redirect, and writes nothing when it refuses')
    .with(writeRoutes)
    .run(async ({ client, assert }, route: RouteInfo) => {
      const actor = actorReaching(route)
      const url = urlFor(route, world)
      const problems: string[] = []
      for (const method of route.methods.filter((m) => !['GET', 'OPTIONS'].includes(m))) {
        for (const { label, apply, status } of CASES) {
          await isolated(async () => {
            const before = await tableSnapshot()
            const started = performance.now()
            const response = await apply(
              requestAs(client, method, url, actor, world).withCsrfToken()
            )
            const elapsed = performance.now() - started
            const where = `${method} ${url} as ${actor}, ${label}`
            if (response.status() >= 500) problems.push(`${where}: ${response.status()}`)
            if (status && response.status() !== status)
              problems.push(`${where}: ${response.status()}, expected ${status}`)
            // A guard against pathological parsing (regex backtracking on 100 kB
            // input), not a latency target: CI machines are shared and loaded.
            if (elapsed > 10_000) problems.push(`${where}: took ${Math.round(elapsed)} ms`)
            const flashed = response.flashMessages?.() ?? {}
            const refused =
              response.status() === 422 || 'inputErrorsBag' in flashed || 'errorsBag' in flashed
            if (refused) {
              const changed = changedTables(before, await tableSnapshot())
              if (changed.length)
                problems.push(`${where}: refused but changed ${changed.join(', ')}`)
            }
          })
        }
      }
      assert.deepEqual(problems, [])
    })
})
