import { test } from '@japa/runner'
import {
  hasRoute,
  route as typedRoute,
  RouteError,
  setRouteManifest,
  type RouteManifest,
} from '../../../inertia/lib/route.js'

/** The helper with any name: these tests run it on manifests of their own. */
const route = typedRoute as (name: string, ...rest: Tail<Parameters<typeof typedRoute>>) => string
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never

/**
 * A manifest shaped like the server's (app/services/route_manifest.ts).
 */
const MANIFEST: RouteManifest = {
  'home': { pattern: '/', methods: ['GET'], params: [] },
  'posts.show': {
    pattern: '/posts/:id',
    methods: ['GET'],
    params: [{ name: 'id', optional: false, match: '^\\d+$' }],
  },
  'users.show': {
    pattern: '/u/:username',
    methods: ['GET'],
    params: [{ name: 'username', optional: false, match: null }],
  },
  'posts.comments.show': {
    pattern: '/posts/:post/comments/:id',
    methods: ['GET'],
    params: [
      { name: 'post', optional: false, match: '^\\d+$' },
      { name: 'id', optional: false, match: '^\\d+$' },
    ],
  },
  'feed.page': {
    pattern: '/feed/:cursor?',
    methods: ['GET'],
    params: [{ name: 'cursor', optional: true, match: null }],
  },
  'password.reset': {
    pattern: '/reset-password/:token',
    methods: ['GET'],
    params: [{ name: 'token', optional: false, match: null }],
  },
}

function catchRouteError(fn: () => unknown): RouteError {
  try {
    fn()
  } catch (error) {
    if (error instanceof RouteError) return error
    throw error
  }
  throw new Error('Expected a RouteError')
}

test.group('Client route helper', (group) => {
  group.each.setup(() => setRouteManifest(MANIFEST))

  test('builds a URL for a route without parameters', ({ assert }) => {
    assert.equal(route('home'), '/')
  })

  test('an unknown route name is an E_UNKNOWN_ROUTE error naming the route', ({ assert }) => {
    const error = catchRouteError(() => route('nope.index'))
    assert.equal(error.code, 'E_UNKNOWN_ROUTE')
    assert.include(error.message, '"nope.index" is not in the route list')
  })

  test('object prototype keys are not routes', ({ assert }) => {
    assert.isFalse(hasRoute('constructor'))
    assert.equal(catchRouteError(() => route('toString')).code, 'E_UNKNOWN_ROUTE')
  })

  test('hasRoute tells which routes exist', ({ assert }) => {
    assert.isTrue(hasRoute('posts.show'))
    assert.isFalse(hasRoute('search'))
  })

  test('a missing required parameter is an E_MISSING_PARAM error', ({ assert }) => {
    const error = catchRouteError(() => route('posts.show'))
    assert.equal(error.code, 'E_MISSING_PARAM')
    assert.include(error.message, 'requires the parameter "id"')
  })

  test('an empty or null required parameter counts as missing', ({ assert }) => {
    assert.equal(catchRouteError(() => route('posts.show', { id: '' })).code, 'E_MISSING_PARAM')
    assert.equal(
      catchRouteError(() => route('posts.comments.show', { post: 1, id: undefined })).code,
      'E_MISSING_PARAM'
    )
  })

  test('a parameter not matching its format is an E_PARAM_FORMAT error', ({ assert }) => {
    const error = catchRouteError(() => route('posts.show', { id: 'abc' }))
    assert.equal(error.code, 'E_PARAM_FORMAT')
    assert.include(error.message, 'parameter "id" does not match the required format')
    assert.include(error.message, '(got "abc")')
  })

  test('the format must match the whole value, not a part of it', ({ assert }) => {
    assert.equal(catchRouteError(() => route('posts.show', { id: '12a' })).code, 'E_PARAM_FORMAT')
  })

  test('a value for a route without parameters is an E_PARAM_FORMAT error', ({ assert }) => {
    assert.equal(catchRouteError(() => route('home', 5)).code, 'E_PARAM_FORMAT')
  })

  test('an object lacking the binding key is an E_MISSING_BINDING_KEY error', ({ assert }) => {
    const error = catchRouteError(() =>
      route('posts.comments.show', { post: { title: 'x' }, id: 3 })
    )
    assert.equal(error.code, 'E_MISSING_BINDING_KEY')
    assert.include(error.message, 'the object given for parameter "post" has no "post" key')
  })

  test('a single-parameter route given an object without that key reports the binding key', ({
    assert,
  }) => {
    const error = catchRouteError(() => route('posts.show', { title: 'no id here' }))
    assert.equal(error.code, 'E_MISSING_BINDING_KEY')
    assert.include(error.message, 'has no "id" key')
  })

  test('a model object binds by its key', ({ assert }) => {
    const user = { id: 7, username: 'ada', fullName: 'Ada Lovelace' }
    assert.equal(route('users.show', user), '/u/ada')
    assert.equal(route('posts.show', { id: 42, title: 'Hello' }), '/posts/42')
    assert.equal(route('posts.comments.show', { post: { post: 5 }, id: 9 }), '/posts/5/comments/9')
  })

  test('parameters may be given as a scalar, an array or an object', ({ assert }) => {
    assert.equal(route('posts.show', 12), '/posts/12')
    assert.equal(route('posts.show', '12'), '/posts/12')
    assert.equal(route('posts.comments.show', [3, 4]), '/posts/3/comments/4')
    assert.equal(route('posts.comments.show', { post: 3, id: 4 }), '/posts/3/comments/4')
    assert.equal(route('posts.show', 0), '/posts/0')
  })

  test('an optional parameter may be left out', ({ assert }) => {
    assert.equal(route('feed.page'), '/feed')
    assert.equal(route('feed.page', { cursor: null as unknown as string }), '/feed')
    assert.equal(route('feed.page', { cursor: 'abc' }), '/feed/abc')
  })

  test('query strings are appended, leaving out empty values', ({ assert }) => {
    assert.equal(
      route('home', undefined, { q: 'cats', page: 2, all: true }),
      '/?q=cats&page=2&all=true'
    )
    assert.equal(route('home', undefined, { q: undefined, page: null }), '/')
    assert.equal(route('posts.show', 3, { tab: 'comments' }), '/posts/3?tab=comments')
  })

  test('array query values use the bracket form the server parses', ({ assert }) => {
    assert.equal(route('home', undefined, { tag: ['a', 'b'] }), '/?tag%5B%5D=a&tag%5B%5D=b')
  })

  test('parameter values are URL-encoded', ({ assert }) => {
    assert.equal(route('users.show', 'a b/c?d#e'), '/u/a%20b%2Fc%3Fd%23e')
    assert.equal(route('password.reset', 'x&y=z'), '/reset-password/x%26y%3Dz')
    assert.equal(route('users.show', 'zoë'), '/u/zo%C3%AB')
  })

  test('query values are URL-encoded', ({ assert }) => {
    assert.equal(route('home', undefined, { q: 'a&b=c d' }), '/?q=a%26b%3Dc+d')
    assert.equal(
      route('password.reset', { token: 'abc' }, { email: 'ada+x@example.com' }),
      '/reset-password/abc?email=ada%2Bx%40example.com'
    )
  })

  test('an encoded value cannot inject another parameter placeholder', ({ assert }) => {
    assert.equal(route('posts.comments.show', { post: 1, id: 2 }), '/posts/1/comments/2')
    assert.equal(route('users.show', ':username'), '/u/%3Ausername')
  })
})
