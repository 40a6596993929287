import { test } from '@japa/runner'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Form, Link, TuyauProvider } from '@adonisjs/inertia/react'
import { routeClient } from '../../../inertia/lib/route.js'

/**
 * The typed Form and Link of @adonisjs/inertia/react with the app's route
 * client (inertia/lib/route.ts): they take their URL and method from it.
 * Rendered on the server side of React, as a browser would get them.
 */
function render(element: ReactNode) {
  return renderToStaticMarkup(
    createElement(TuyauProvider, { client: routeClient, children: element })
  )
}

test.group('Route client of the typed Form and Link', () => {
  test('a form gets the URL and the method of its route', ({ assert }) => {
    assert.equal(
      render(createElement(Form, { route: 'session.store' }, null)),
      '<form action="/login" method="post"></form>'
    )
    assert.equal(
      render(createElement(Form, { route: 'admin.admins.update', routeParams: { id: 7 } }, null)),
      '<form action="/admin/admins/7" method="put"></form>'
    )
  })

  test('a link gets the URL of its route, with its parameters and query string', ({ assert }) => {
    assert.equal(
      render(createElement(Link, { route: 'posts.show', routeParams: { id: 3 } }, 'Post')),
      '<a href="/posts/3">Post</a>'
    )
    assert.equal(
      render(
        createElement(
          Link,
          { route: 'password.reset', routeParams: { token: 't' }, qs: { email: 'a@b.c' } },
          'Reset'
        )
      ),
      '<a href="/reset-password/t?email=a%40b.c">Reset</a>'
    )
  })

  test('a link to a POST route is a button that posts', ({ assert }) => {
    assert.equal(
      render(createElement(Link, { route: 'session.destroy', as: 'button' }, 'Sign out')),
      '<button type="button">Sign out</button>'
    )
  })

  test('route() refuses what it refuses for the components too', ({ assert }) => {
    assert.throws(
      () => render(createElement(Link, { route: 'profiles.show', routeParams: { username: '' } })),
      /Empty value for the "username"/
    )
    assert.throws(
      () => render(createElement(Link, { route: 'nope.index' } as never)),
      /Cannot lookup route "nope\.index"/
    )
  })
})
