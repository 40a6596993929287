import type { HttpContext } from '@adonisjs/core/http'

/** True when the caller asked for JSON explicitly (the card's in-place updates). */
export function wantsJson({ request }: Pick<HttpContext, 'request'>) {
  return request.accepts(['html', 'json']) === 'json'
}
