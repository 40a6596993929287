import { Exception } from '@adonisjs/core/exceptions'

/**
 * Keyset cursors. Feeds are ordered newest first by id, so a cursor is the
 * last id of the previous page ("?cursor=123": the next page holds ids
 * below 123). No OFFSET anywhere: a page costs the same wherever it is, and
 * posts published between two page loads never shift or repeat items.
 */
export const PAGE_SIZE = 20

export class BadCursorException extends Exception {
  static status = 400
  static code = 'E_BAD_CURSOR'
  static message = 'The page cursor is not valid. Reload the page to start again.'
}

/** Absent / empty → null (first page); a positive integer → that id; anything else → 400. */
export function parseIdCursor(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null
  if (typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw)) return Number(raw)
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw
  throw new BadCursorException()
}

/**
 * A two-part cursor "<sortKey>.<id>" for lists not ordered by id (liked
 * posts by like time, "liked by" lists): both parts positive integers.
 */
export function parsePairCursor(raw: unknown): { key: number; id: number } | null {
  if (raw === undefined || raw === null || raw === '') return null
  const match = typeof raw === 'string' ? /^(\d{1,15})\.([1-9]\d{0,14})$/.exec(raw) : null
  if (!match) throw new BadCursorException()
  return { key: Number(match[1]), id: Number(match[2]) }
}

/** Splits a PAGE_SIZE + 1 result into the page and whether more follow. */
export function splitPage<T>(rows: T[], size = PAGE_SIZE) {
  return { items: rows.slice(0, size), hasMore: rows.length > size }
}
