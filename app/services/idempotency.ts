import type { HttpContext } from '@adonisjs/core/http'
import { refuse } from '#exceptions/refuse'
import { isUniqueViolation } from '#services/db/errors'

/**
 * The `Idempotency-Key` header of a post, comment or message (issue 15 §1):
 * the offline outbox sends it, and sends again until an answer comes back;
 * the first row written with a key is the answer to every replay
 * (`client_key`, unique per author). Absent: no key, as before.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/

export const BAD_KEY_MESSAGE =
  'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".'

export function idempotencyKey(request: HttpContext['request']): string | null {
  const value = request.header(IDEMPOTENCY_HEADER)
  if (value === undefined || value === null || value === '') return null
  if (!KEY_FORMAT.test(value)) throw refuse('idempotencyKey', BAD_KEY_MESSAGE)
  return value
}

/**
 * Runs `create`; when a concurrent request with the same key won the race
 * (the unique index refused this one), answers with what `find` finds.
 */
export async function createOnce<T>(
  key: string | null,
  create: () => Promise<T>,
  find: () => Promise<T | null>
): Promise<T> {
  try {
    return await create()
  } catch (error) {
    if (!key || !isUniqueViolation(error)) throw error
    const first = await find()
    if (!first) throw error
    return first
  }
}
