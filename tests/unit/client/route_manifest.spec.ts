import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import encryption from '@adonisjs/core/services/encryption'
import { Qs, Router } from '@adonisjs/core/http'
import { http } from '#config/app'
import { manifestJson, routeManifest, routeManifestJson } from '#services/route_manifest'
import { route as typedRoute, RouteError, setRouteManifest } from '../../../inertia/lib/route.js'

/** The helper with any name: these tests run it on manifests of their own. */
const route = typedRoute as (name: string, ...rest: Tail<Parameters<typeof typedRoute>>) => string
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never

/** Parameter names as written in a pattern: ":id" and ":cursor?". */
function patternParams(pattern: string) {
  return [...pattern.matchAll(/:([A-Za-z_]\w*)(\?)?/g)].map((m) => ({
    name: m[1],
    optional: m[2] === '?',
  }))
}

function fixtureRouter() {
  const fixture = new Router(app, encryption.use(), new Qs(http.qs))
  const handler = () => 'ok'
  fixture.get('/posts/:id', handler).as('posts.show').where('id', /^\d+$/)
  fixture.get('/u/:username', handler).as('users.show')
  fixture.get('/feed/:cursor?', handler).as('feed.page')
  fixture.get('/files/*', handler).as('files.show')
  fixture.get('/unnamed', handler)
  fixture.any('*', handler).as('not_found')
  fixture
    .group(() => {
      fixture.post('/posts/:post/comments', handler).as('posts.comments.store')
    })
    .where('post', fixture.matchers.number())
  fixture.commit()
  return fixture
}

test.group('Route manifest (server → client route helper)', (group) => {
  // The HTTP server commits the routes when it starts; the unit suite has no server.
  group.setup(() => router.commit())

  test('contains every named route of the app with its pattern, methods and matchers', ({
    assert,
  }) => {
    const manifest = routeManifest()
    const named = Object.values(router.toJSON())
      .flat()
      .filter((r) => r.name && r.name !== 'not_found')
    assert.isAbove(named.length, 3)

    for (const r of named) {
      const entry = manifest[r.name!]
      assert.exists(entry, `route "${r.name}" is missing from the manifest`)
      assert.equal(entry.pattern, r.pattern)
      assert.sameMembers(
        entry.methods,
        r.methods.filter((m) => m !== 'HEAD')
      )
      assert.deepEqual(
        entry.params.map(({ name, optional }) => ({ name, optional })),
        patternParams(r.pattern),
        `params of "${r.name}"`
      )
      for (const param of entry.params) {
        assert.equal(
          param.match,
          r.matchers[param.name]?.match?.source ?? null,
          `${r.name}:${param.name}`
        )
      }
    }
  })

  test('the pages the shell links to are in the manifest', ({ assert }) => {
    const manifest = routeManifest()
    assert.includeMembers(Object.keys(manifest), [
      'home',
      'feed.public',
      'session.create',
      'session.store',
      'session.destroy',
    ])
  })

  test('the catch-all not-found route and unnamed routes are left out', ({ assert }) => {
    const manifest = routeManifest(fixtureRouter())
    assert.notInclude(Object.keys(manifest), 'not_found')
    assert.notInclude(
      Object.values(manifest).map((r) => r.pattern),
      '/unnamed'
    )
    assert.notInclude(Object.keys(routeManifest()), 'not_found')
  })

  test('matchers become parameter formats; optional parameters are marked', ({ assert }) => {
    const manifest = routeManifest(fixtureRouter())
    assert.deepEqual(manifest['posts.show'], {
      pattern: '/posts/:id',
      methods: ['GET'],
      params: [{ name: 'id', optional: false, match: '^\\d+$' }],
    })
    assert.deepEqual(manifest['users.show'].params, [
      { name: 'username', optional: false, match: null },
    ])
    assert.deepEqual(manifest['feed.page'].params, [
      { name: 'cursor', optional: true, match: null },
    ])
    assert.deepEqual(manifest['posts.comments.store'].methods, ['POST'])
    assert.isNotNull(manifest['posts.comments.store'].params[0].match)
    assert.deepEqual(manifest['files.show'].params, [])
  })

  test('the client helper enforces the server matchers it receives', ({ assert }) => {
    setRouteManifest(JSON.parse(manifestJson(routeManifest(fixtureRouter()))))
    assert.equal(route('posts.show', 5), '/posts/5')
    assert.equal(route('posts.comments.store', { post: 3 }), '/posts/3/comments')
    assert.equal(route('feed.page'), '/feed')
    assert.throws(() => route('posts.show', 'five'), RouteError as any)
    assert.throws(() => route('posts.comments.store', { post: 'x' }), RouteError as any)
  })

  test('the embedded JSON cannot close its script element', ({ assert }) => {
    const json = manifestJson({
      evil: { pattern: '/</script><script>alert(1)</script>', methods: ['GET'], params: [] },
    })
    assert.notInclude(json, '</script>')
    assert.equal(JSON.parse(json).evil.pattern, '/</script><script>alert(1)</script>')
  })

  test('the page manifest is the app manifest', ({ assert }) => {
    assert.deepEqual(JSON.parse(routeManifestJson()), routeManifest())
  })
})
