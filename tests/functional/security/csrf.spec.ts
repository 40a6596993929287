import Tokens from 'csrf'
import { test } from '@japa/runner'
import shieldConfig from '#config/shield'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import {
  ACTORS,
  actorReaching,
  appRoutes,
  isolated,
  requestAs,
  urlFor,
  useSeededWorld,
  type Actor,
  userFor,
  type RouteInfo,
} from '#tests/helpers/security'
import User from '#models/user'
import SendMessage from '#actions/messages/send_message'
import { isApiPath } from '#services/api/scopes'

/**
 * T6 (SECURITY.md §5, ASVS 3.5.1 / 3.5.3): every state-changing route
 * refuses a request without a valid CSRF token and writes nothing: 403 for
 * a plain request (a form posted from another site), back to the form with
 * a message for an Inertia visit (a page left open too long). Crawling
 * every GET route as every actor writes nothing (compared route by route,
 * with an unread conversation for every actor: a GET that marks it read
 * would let a link on another site fake a "Seen").
 */
const writeMethods = (route: RouteInfo) =>
  route.methods.filter((m) => !['GET', 'OPTIONS'].includes(m))
const writeRoutes = () => appRoutes().filter((route) => writeMethods(route).length > 0)

/**
 * The Pusher HTTP API (server-to-server, no browser, no session) is signed
 * with the app secret instead of a CSRF token: shield exempts exactly these
 * routes, which must then refuse an unsigned request (401) and write nothing.
 */
const SIGNED_API: Record<string, string> = {
  'realtime.events': '/apps/:appId/events',
  'realtime.batch_events': '/apps/:appId/batch_events',
  'realtime.terminate_connections': '/apps/:appId/users/:userId/terminate_connections',
}

/**
 * One-click unsubscribe (RFC 8058): the mail client POSTs the link of the
 * List-Unsubscribe header, with no session and no token; the link's own
 * signature is the proof. Exempt from CSRF, so an unsigned request must be
 * a 403 that writes nothing.
 */
const SIGNED_LINKS: Record<string, string> = {
  'email.unsubscribe.store': '/email/unsubscribe/:id',
}

/**
 * The public API (/api/v1, issue 14) has no session and no CSRF check at
 * all (app/middleware/web_only.ts): it reads a bearer token only, which a
 * page of another site cannot make a browser send. So a cookie-carrying
 * request without a token is a 401 there (404 for unknown endpoints), and
 * writes nothing either.
 */
const tokenOnly = (route: RouteInfo) => isApiPath(route.pattern)

/** A token that is valid, but for another session's secret. */
async function foreignToken() {
  const tokens = new Tokens()
  return { sessionSecret: await tokens.secret(), token: tokens.create(await tokens.secret()) }
}

test.group('Security / T6 CSRF', (group) => {
  const world = useSeededWorld(group)

  test('{name} refuses requests without a valid CSRF token and writes nothing')
    .with(writeRoutes)
    .run(async ({ client, assert }, route: RouteInfo) => {
      const url = urlFor(route, world)
      const actors = [...new Set<Actor>(['guest', 'member', actorReaching(route)])]
      const problems: string[] = []
      for (const method of writeMethods(route)) {
        for (const actor of actors) {
          const foreign = await foreignToken()
          // Builders, not promises: an ApiRequest is sent as soon as it is awaited.
          const variants = {
            'no token': () => requestAs(client, method, url, actor, world),
            'token of another session': () =>
              requestAs(client, method, url, actor, world)
                .withSession({ 'csrf-secret': foreign.sessionSecret })
                .header('x-csrf-token', foreign.token),
            'garbage XSRF cookie header': () =>
              requestAs(client, method, url, actor, world).header('x-xsrf-token', 'forged'),
            'Inertia visit without token': () =>
              requestAs(client, method, url, actor, world).withInertia(),
          }
          for (const [variant, build] of Object.entries(variants)) {
            await isolated(async () => {
              const before = await tableSnapshot()
              const response = await build().form({
                email: 'ana@huddle.test',
                uid: 'ana',
                password: 'x',
              })
              const changed = changedTables(before, await tableSnapshot())
              const where = `${method} ${url} as ${actor}, ${variant}`
              if (SIGNED_API[route.name]) {
                if (response.status() !== 401) {
                  problems.push(`${where}: ${response.status()} instead of 401 (unsigned)`)
                }
              } else if (SIGNED_LINKS[route.name]) {
                if (response.status() !== 403) {
                  problems.push(`${where}: ${response.status()} instead of 403 (unsigned link)`)
                }
              } else if (tokenOnly(route)) {
                const expected = route.name === 'api.not_found' ? 404 : 401
                if (response.status() !== expected) {
                  problems.push(`${where}: ${response.status()} instead of ${expected} (no token)`)
                }
              } else if (variant.startsWith('Inertia')) {
                // An expired page in the app itself: back to the form with a message.
                const flashed = (response.flashMessages() ?? {}) as Record<string, any>
                if (response.status() !== 302 || !flashed.errorsBag?.E_BAD_CSRF_TOKEN) {
                  problems.push(`${where}: ${response.status()} without the E_BAD_CSRF_TOKEN flash`)
                }
              } else if (response.status() !== 403) {
                problems.push(`${where}: ${response.status()} instead of 403`)
              }
              if (changed.length) problems.push(`${where}: changed ${changed.join(', ')}`)
            })
          }
        }
      }
      assert.deepEqual(problems, [])
    })

  test('only the signed Pusher HTTP API and the signed unsubscribe link are exempt from CSRF', ({
    assert,
  }) => {
    const signed = { ...SIGNED_API, ...SIGNED_LINKS }
    assert.sameMembers(shieldConfig.csrf.exceptRoutes as string[], Object.values(signed))
    for (const [name, pattern] of Object.entries(signed)) {
      assert.equal(appRoutes().find((route) => route.name === name)?.pattern, pattern)
    }
  })

  test('a write route accepts the same request with a valid token (the 403s above are CSRF, not something else)', async ({
    client,
  }) => {
    const route = appRoutes().find((r) => r.name === 'session.store')!
    const response = await isolated(() =>
      requestAs(client, 'POST', urlFor(route, world), 'guest', world)
        .withCsrfToken()
        .form({ uid: 'ana', password: 'huddle-demo' })
    )
    response.assertStatus(302)
    response.assertHeader('location', '/')
  })

  test('crawling every GET route as every actor writes nothing', async ({ client, assert }) => {
    const reads = appRoutes().filter((route) => route.methods.includes('GET'))
    assert.isAbove(reads.length, 10)
    await isolated(async () => {
      // Something for a GET to write if it wrote: a message from ben (the
      // conversation messages.show opens) unread by every signed-in actor.
      const ben = await User.findByOrFail('username', 'ben')
      for (const actor of ACTORS) {
        const recipient = userFor(actor, world)
        if (recipient) {
          await new SendMessage().handle({ sender: ben, recipient, body: 'Unread', files: [] })
        }
      }
      let requests = 0
      const writers: string[] = []
      for (const route of reads) {
        const before = await tableSnapshot()
        for (const actor of ACTORS) {
          for (const inertia of [false, true]) {
            let request = requestAs(client, 'GET', urlFor(route, world), actor, world)
            if (inertia) request = request.withInertia()
            const response = await request
            assert.isBelow(response.status(), 500, `GET ${route.pattern} as ${actor}`)
            requests++
          }
        }
        const changed = changedTables(before, await tableSnapshot())
        if (changed.length) writers.push(`GET ${route.pattern} changed ${changed.join(', ')}`)
      }
      assert.equal(requests, reads.length * ACTORS.length * 2)
      assert.deepEqual(writers, [])
    })
    // Every GET route × every actor × 2: hundreds of requests.
  }).timeout(180_000)
})
