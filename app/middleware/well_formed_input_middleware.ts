import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

const MESSAGE =
  'The request contains characters that cannot be stored (a NUL character or broken Unicode). Please retype the text.'

/** A string that is not well-formed UTF-16 (lone surrogate) or holds a NUL character. */
const malformed = (text: string) => !text.isWellFormed() || text.includes('\u0000')

/** True when a string anywhere in the value (keys included) is malformed. */
function hasMalformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return malformed(value)
  if (depth > 32 || value === null || typeof value !== 'object') return false
  for (const [key, entry] of Object.entries(value)) {
    if (malformed(key) || hasMalformedText(entry, depth + 1)) return true
  }
  return false
}

/**
 * Refuses request bodies, query strings and route parameters holding text
 * no column can store (SECURITY.md T3): lone surrogates (JSON "\ud800")
 * crash validators (the e-mail rule calls encodeURI), and PostgreSQL text
 * columns refuse NUL characters. Both would be 500s deep inside a
 * controller; they are stopped once, here, with a 400.
 */
export default class WellFormedInputMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (refuseMalformedInput(ctx)) return
    return next()
  }
}

/**
 * Answers 400 (and returns true) when the body, query string or
 * route parameters hold malformed text. Also called by uploadsThrottle once
 * an upload route's multipart body has been read, after this middleware.
 */
export function refuseMalformedInput({ request, response }: HttpContext) {
  if (hasMalformedText(request.all()) || hasMalformedText(request.params())) {
    response.badRequest({ errors: [{ message: MESSAGE }] })
    return true
  }
  return false
}
