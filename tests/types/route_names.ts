/**
 * Typecheck fixture for the client's URLs (inertia/lib/route.ts, Tuyau's
 * route registry). Compiled by the `inertia/` project, never run. Each
 * `@ts-expect-error` must meet an error: when route names or parameters are
 * silently untyped again (the registry's types no longer resolve), the
 * directive is unused and `npm run typecheck` fails with TS2578.
 */
import { route } from '../../inertia/lib/route.js'

export function routeNames(author: { id: number; username: string }) {
  // The right names and parameters compile.
  route('home')
  route('posts.show', { id: 1 })
  route('posts.show', [1])
  route('profiles.show', author)
  route('password.reset', { token: 't' }, { email: 'a@b.c' })
  route('feed.public', undefined, { cursor: 'abc' })

  // @ts-expect-error a misspelt route name
  route('posts.shwo', { id: 1 })

  // @ts-expect-error the catch-all route is never linked to
  route('not_found')

  // @ts-expect-error a missing parameter
  route('posts.show')

  // @ts-expect-error a parameter under the wrong name
  route('posts.show', { post: 1 })

  // @ts-expect-error parameters given to a route that takes none
  route('home', { id: 1 })
}
