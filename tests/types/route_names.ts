/**
 * Typecheck fixture for the client's route helper (inertia/lib/route.ts):
 * route names come from the generated route list, so a misspelt one fails
 * `npm run typecheck`. Never run.
 */
import { route } from '../../inertia/lib/route.js'

export function routeNames() {
  route('posts.show', { id: 1 })
  // @ts-expect-error a misspelt route name
  route('posts.shwo', { id: 1 })
}
