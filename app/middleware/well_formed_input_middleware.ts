import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

const MESSAGE =
  'The request contains text that is not valid Unicode (a lone surrogate). Please retype it.'

/** True when a string anywhere in the value has a lone UTF-16 surrogate. */
function hasMalformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.isWellFormed()
  if (depth > 32 || value === null || typeof value !== 'object') return false
  for (const [key, entry] of Object.entries(value)) {
    if (!key.isWellFormed() || hasMalformedText(entry, depth + 1)) return true
  }
  return false
}

/**
 * Refuses request bodies and query strings holding malformed Unicode
 * (SECURITY.md T3). JSON can carry lone surrogates ("\ud800"); downstream
 * they crash validators (the e-mail rule calls encodeURI) and PostgreSQL
 * rejects them, so they are stopped once, here, with a 400.
 */
export default class WellFormedInputMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    if (hasMalformedText(request.all()) || hasMalformedText(request.params())) {
      return response.badRequest({ errors: [{ message: MESSAGE }] })
    }
    return next()
  }
}
