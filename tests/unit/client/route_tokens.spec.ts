import { test } from '@japa/runner'
import { route, routeTokens } from '../../../inertia/lib/route.js'

/**
 * The registry as codegen wrote it (tokens included). Imported by a name
 * the compiler does not follow: this project already sees its declaration
 * through inertia/lib/route.ts, and a second copy of its module
 * augmentation would not compile.
 */
const registryModule: string = '#registry'
const { registry } = (await import(registryModule)) as {
  registry: { routes: Record<string, { pattern: string; tokens: unknown }> }
}

/**
 * The client builds URLs from tokens it computes from each route's pattern
 * (inertia/lib/route.ts routeTokens): the build leaves the registry's own
 * tokens out of the bundle (vite.config.ts compactRouteRegistry). Both
 * must agree, route by route.
 */
test.group('Route tokens computed on the client', () => {
  test('agree with the registry for every route', ({ assert }) => {
    const routes = Object.entries(registry.routes)
    assert.isAbove(routes.length, 100)
    for (const [name, entry] of routes) {
      assert.deepEqual(routeTokens(entry.pattern), entry.tokens, name)
    }
  })

  test('cover static, parameter, optional and wildcard segments', ({ assert }) => {
    assert.deepEqual(routeTokens('/'), [{ old: '/', type: 0, val: '/', end: '' }])
    assert.deepEqual(
      routeTokens('/posts/:id/like').map((token) => [token.type, token.val]),
      [
        [0, 'posts'],
        [1, 'id'],
        [0, 'like'],
      ]
    )
    assert.deepEqual(
      routeTokens('/files/:name?').map((token) => [token.type, token.val]),
      [
        [0, 'files'],
        [3, 'name'],
      ]
    )
    assert.deepEqual(routeTokens('/*'), [{ old: '/*', type: 2, val: '*', end: '' }])
  })

  test('URLs are built from them', ({ assert }) => {
    assert.equal(route('posts.like', { id: 3 }), '/posts/3/like')
    assert.equal(route('home'), '/')
  })
})
