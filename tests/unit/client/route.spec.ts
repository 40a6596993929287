import { test } from '@japa/runner'
import { hasRoute, route as typedRoute } from '../../../inertia/lib/route.js'

/**
 * The helper with any name and parameters: these tests also feed it what
 * typecheck refuses (tests/types/route_names.ts), to see what happens at run
 * time. It reads the generated registry (.adonisjs/client/registry/).
 */
const route = typedRoute as unknown as (name: string, params?: unknown, query?: unknown) => string

test.group('Client route helper (Tuyau registry)', () => {
  test('builds a URL for a route without parameters', ({ assert }) => {
    assert.equal(route('home'), '/')
    assert.equal(route('feed.public'), '/public')
  })

  test('an unknown route name is an error naming the route', ({ assert }) => {
    assert.throws(() => route('nope.index'), /Cannot lookup route "nope\.index"/)
  })

  test('hasRoute tells which routes exist; object prototype keys are not routes', ({ assert }) => {
    assert.isTrue(hasRoute('posts.show'))
    assert.isFalse(hasRoute('admin.nothing.index'))
    assert.isFalse(hasRoute('constructor'))
    assert.isFalse(hasRoute('toString'))
  })

  test('a missing required parameter is an error naming it', ({ assert }) => {
    assert.throws(() => route('posts.show'), /Missing value for the "id" param/)
    assert.throws(() => route('posts.show', {}), /Missing value for the "id" param/)
    assert.throws(
      () => route('admin.jobs.destroy', { queue: 'mail', id: null }),
      /Missing value for the "id" param/
    )
  })

  test('an empty required parameter is refused like a missing one', ({ assert }) => {
    assert.throws(() => route('profiles.show', { username: '' }), /Empty value for the "username"/)
    assert.throws(() => route('admin.jobs.destroy', ['', 3]), /Empty value for the "queue"/)
  })

  test('parameters are read from an object by their names, extra keys ignored', ({ assert }) => {
    const person = { id: 7, username: 'ada', fullName: 'Ada Lovelace' }
    assert.equal(route('profiles.show', person), '/u/ada')
    assert.equal(route('posts.show', { id: 42, title: 'Hello' }), '/posts/42')
    assert.equal(route('posts.show', { id: 0 }), '/posts/0')
  })

  test('parameters may be given in order', ({ assert }) => {
    assert.equal(route('posts.show', [12]), '/posts/12')
    assert.equal(route('admin.jobs.retry', ['mail', 4]), '/admin/jobs/mail/4/retry')
    assert.equal(route('admin.jobs.retry', { queue: 'mail', id: 4 }), '/admin/jobs/mail/4/retry')
  })

  test('an optional parameter may be left out', ({ assert }) => {
    assert.equal(route('media.show', { id: 5 }), '/media/5')
    assert.equal(route('media.show', { id: 5, variant: 'thumb' }), '/media/5/thumb')
  })

  test('query strings are appended, leaving out empty values', ({ assert }) => {
    assert.equal(
      route('feed.public', undefined, { q: 'cats', page: 2, all: true }),
      '/public?q=cats&page=2&all=true'
    )
    assert.equal(route('feed.public', undefined, { q: undefined, page: null }), '/public')
    assert.equal(route('feed.public', undefined, {}), '/public')
    assert.equal(route('posts.show', { id: 3 }, { tab: 'comments' }), '/posts/3?tab=comments')
  })

  test('array query values use the bracket form the server parses', ({ assert }) => {
    assert.equal(route('home', undefined, { tag: ['a', 'b'] }), '/?tag%5B%5D=a&tag%5B%5D=b')
  })

  test('parameter values are URL-encoded', ({ assert }) => {
    assert.equal(route('profiles.show', { username: 'a b/c?d#e' }), '/u/a%20b%2Fc%3Fd%23e')
    assert.equal(route('password.reset', { token: 'x&y=z' }), '/reset-password/x%26y%3Dz')
    assert.equal(route('profiles.show', { username: 'zoë' }), '/u/zo%C3%AB')
  })

  test('query values are URL-encoded', ({ assert }) => {
    assert.equal(route('home', undefined, { q: 'a&b=c d' }), '/?q=a%26b%3Dc+d')
    assert.equal(
      route('password.reset', { token: 'abc' }, { email: 'ada+x@example.com' }),
      '/reset-password/abc?email=ada%2Bx%40example.com'
    )
  })

  test('an encoded value cannot inject another parameter placeholder', ({ assert }) => {
    assert.equal(route('admin.jobs.retry', { queue: ':id', id: 2 }), '/admin/jobs/%3Aid/2/retry')
    assert.equal(route('profiles.show', { username: ':username' }), '/u/%3Ausername')
  })
})
