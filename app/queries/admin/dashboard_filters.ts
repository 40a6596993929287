import { Exception } from '@adonisjs/core/exceptions'

/** A query-string value outside the list a page offers: 400 with a message naming it. */
export class BadFilterException extends Exception {
  static status = 400
  static code = 'E_BAD_FILTER'
}

/**
 * The query-string value `raw` as one of `allowed` (numbers compare by
 * their text); absent or empty → `fallback`; anything else → 400.
 */
export function oneOf<T extends string | number>(
  raw: unknown,
  allowed: readonly T[],
  fallback: T,
  name: string
): T {
  if (raw === undefined || raw === null || raw === '') return fallback
  const found = allowed.find((value) => String(value) === raw)
  if (found === undefined) {
    throw new BadFilterException(
      `"${name}" must be one of ${allowed.join(', ')}. Reload the page from the dashboard.`
    )
  }
  return found
}
